import type { AddressInfo } from "node:net";
import { SESSION_ENDED_CLOSE_CODE } from "@tickfair/contract";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { type App, buildApp } from "../app";
import { seedCatalogue } from "../market/seed";
import { onPostgres, testDatabaseUrl } from "../market/testing";
import { recordTicks } from "../market/ticks";
import { demoTopUp } from "../test/cashier-fixtures";
import { changePassword, registerAndLogin, signIn } from "../test/fixtures";
import { testConfig } from "../test/harness";
import { openSignedInSocket } from "../test/socket";
import { placeContract } from "../test/trading-fixtures";
import { useTwoProcesses } from "../test/two-processes";
import { ManualClock } from "./clock";
import { createDb } from "./db";
import { RELAY_FORMAT } from "./relay-format";
import { USER_EVENTS_CHANNEL } from "./user-events";

/** A socket to one process's app, signed in with `token`. */
function openSocket(app: App, token: string) {
  return openSignedInSocket(`ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/ws`, token);
}

describe.skipIf(!onPostgres())("users' events across server processes (PostgreSQL)", () => {
  const clock = new ManualClock(new Date(Date.UTC(2026, 0, 6, 11, 0, 0)));
  const at = (s: number) => new Date(Date.UTC(2026, 0, 6, 11, 0, s));
  const processes = useTwoProcesses(clock, {}, seedCatalogue);

  it("tells a user's sockets on every process, once each, whichever process moved the money or settled", async () => {
    const { a, b, context } = processes;
    const user = await registerAndLogin(context);
    const other = await registerAndLogin(context);
    const onA = await openSocket(a, user.token);
    const onB = await openSocket(b, user.token);
    const theirs = await openSocket(b, other.token);

    await demoTopUp(a, user.auth, "100.00");
    for (const socket of [onA, onB]) {
      expect(await socket.next()).toMatchObject({
        type: "account.updated",
        summary: { available: "100.00" },
      });
    }

    const placed = await placeContract(a, user.auth, {
      symbol: "ETH/USDT",
      direction: "up",
      stake: "10.00",
      durationSeconds: 30,
    });
    for (const socket of [onA, onB]) {
      expect(await socket.next()).toMatchObject({ type: "account.updated", summary: { available: "90.00" } });
    }

    const worker = a.tickfair.trading;
    await recordTicks(context.db, [{ symbol: "ETH/USDT", time: at(1), price: 350_000n, volume: 1n }]);
    await worker.flush();
    for (const socket of [onA, onB]) {
      expect(await socket.next()).toMatchObject({
        type: "contract.opened",
        contract: { id: placed.json().id, status: "open" },
      });
    }

    await recordTicks(context.db, [
      { symbol: "ETH/USDT", time: at(30), price: 350_100n, volume: 1n },
      { symbol: "ETH/USDT", time: at(32), price: 349_000n, volume: 1n },
    ]);
    clock.set(at(32));
    await worker.flush();
    for (const socket of [onA, onB]) {
      expect(await socket.next()).toMatchObject({
        type: "contract.settled",
        contract: { id: placed.json().id, result: "win", payout: "18.00" },
        summary: { available: "108.00" },
      });
    }

    // A settlement batch of thousands travels in several notifications; the owner still hears theirs.
    const strangers = Array.from({ length: 3_000 }, (_, i) => ({ id: 10_000_000n + BigInt(i), userId: 1n }));
    await a.tickfair.events.publish("contract.settled", [
      ...strangers,
      { id: BigInt(placed.json().id), userId: user.userId },
    ]);
    expect(await onB.next()).toMatchObject({ type: "contract.settled", contract: { id: placed.json().id } });
    expect(await onA.next()).toMatchObject({ type: "contract.settled", contract: { id: placed.json().id } });

    for (const socket of [onA, onB, theirs]) await socket.nothingElse();
    for (const socket of [onA, onB, theirs]) socket.socket.close();
  });

  it("closes a session's socket on every process when it ends on one", async () => {
    const { a, b, context } = processes;
    const user = await registerAndLogin(context);
    const second = (await signIn(b, user.registration)).token;
    const kept = (await signIn(b, user.registration)).token;
    const loggedOutOnB = await openSocket(b, user.token);
    const otherOnB = await openSocket(b, second);
    const keptOnA = await openSocket(a, kept);

    // Logout on A: B holds the socket.
    expect(
      (await a.inject({ method: "POST", url: "/api/v1/auth/logout", headers: user.auth })).statusCode,
    ).toBe(200);
    expect((await loggedOutOnB.closed).code).toBe(SESSION_ENDED_CLOSE_CODE);
    expect(loggedOutOnB.unread()).toEqual([]);

    // A password change on A ends the other sessions; B closes their sockets, A keeps the current one's.
    const changed = await changePassword(
      a,
      { authorization: `Bearer ${kept}` },
      "login",
      user.registration.password,
      "another-pass2",
    );
    expect(changed.statusCode).toBe(200);
    expect((await otherOnB.closed).code).toBe(SESSION_ENDED_CLOSE_CODE);
    // The change is told in the inbox of the session that made it.
    expect(await keptOnA.next()).toEqual({ type: "inbox.changed", scope: "personal" });
    await keptOnA.nothingElse();
    keptOnA.socket.close();
  });

  it("delivers both ways between a process writing the previous format and one writing this one", async () => {
    const { a, b, context } = processes;
    const user = await registerAndLogin(context);
    const onA = await openSocket(a, user.token);
    const onB = await openSocket(b, user.token);
    // A stands in for a process of the previous release: it writes the unversioned form.
    a.tickfair.realtime.relay.writes = 1;
    try {
      await a.tickfair.events.publish("account.updated", [user.userId]);
      for (const socket of [onA, onB]) expect(await socket.next()).toMatchObject({ type: "account.updated" });
      await b.tickfair.events.publish("account.updated", [user.userId]);
      for (const socket of [onA, onB]) expect(await socket.next()).toMatchObject({ type: "account.updated" });

      // A format neither knows is ignored, and the relay goes on.
      const unknown = JSON.stringify({
        v: RELAY_FORMAT + 1,
        sentAt: Date.now(),
        origin: "elsewhere",
        events: [],
      });
      await sql`select pg_notify(${USER_EVENTS_CHANNEL}, ${unknown})`.execute(context.db);
      await b.tickfair.events.publish("account.updated", [user.userId]);
      for (const socket of [onA, onB]) expect(await socket.next()).toMatchObject({ type: "account.updated" });
      for (const socket of [onA, onB]) await socket.nothingElse();
    } finally {
      a.tickfair.realtime.relay.writes = RELAY_FORMAT;
      for (const socket of [onA, onB]) socket.socket.close();
    }
  });

  it("relays an event raised just before shutdown, before the database closes", async () => {
    const { b, context } = processes;
    const user = await registerAndLogin(context);
    const onB = await openSocket(b, user.token);
    // A third process with its own pool, closed as main.ts closes it: the database in an onClose hook.
    const url = (await testDatabaseUrl(context.db)) ?? "";
    const db = createDb({ databaseUrl: url, dataDir: null });
    const leaving = await buildApp({ config: testConfig({ DATABASE_URL: url }), db, clock, logger: false });
    leaving.addHook("onClose", async () => {
      await db.destroy();
    });
    await leaving.ready();
    await leaving.tickfair.events.publish("account.updated", [user.userId]);
    await leaving.close();
    expect(await onB.next()).toMatchObject({ type: "account.updated" });
    await onB.nothingElse();
    onB.socket.close();
  });
});
