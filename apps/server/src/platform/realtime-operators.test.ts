import { SESSION_ENDED_CLOSE_CODE, UNAUTHENTICATED_CLOSE_CODE } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import {
  askDeposit,
  bankMethod,
  bindBankCard,
  key,
  operatorAuth,
  postWithdrawal,
  postWithKey,
} from "../test/cashier-fixtures";
import { registerAndLogin } from "../test/fixtures";
import { signInOperatorThroughApi } from "../test/operator-fixtures";
import { heardSoFar, openTestSocket, type TestSocket, tokenOf, useListeningApp } from "../test/socket";

/** Consoles' sockets: operator sessions, the review queues' events by permission, and their end. */
const { t, socketUrl, userSocketOf, consoleSocketOf: consoleSocket } = useListeningApp();

const post = (headers: Record<string, string>, url: string, payload?: object) =>
  t.app.inject({ method: "POST", url: `/api/v1${url}`, headers, payload });

/** A user with `cash` (a demo top-up) and a bound card, who can deposit and withdraw. */
async function customer(cash: string) {
  const user = await registerAndLogin(t);
  expect(
    (await postWithKey(t.app, "/api/v1/cashier/demo-topup", user.auth, { amount: cash })).statusCode,
  ).toBe(200);
  await bindBankCard(t.app, user.auth);
  return user;
}

async function deposit(auth: Record<string, string>, methodId: string, amount: string): Promise<string> {
  return (await askDeposit(t.app, auth, { methodId, amount, reference: "TX-LIVE" })).id;
}

async function withdraw(
  user: { auth: Record<string, string>; registration: { payPassword: string } },
  amount: string,
  idempotencyKey = key(),
): Promise<string> {
  const body = { amount, payPassword: user.registration.payPassword };
  const created = await postWithdrawal(t.app, user.auth, body, idempotencyKey);
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ id: string }>().id;
}

const change = (queue: "deposits" | "withdrawals", id: string, status: string, awaiting = false) => ({
  type: "queue.changed",
  queue,
  id,
  status,
  awaitingSecondApproval: awaiting,
});

describe("review queues, live on the consoles that review them", () => {
  it("tells finance of each deposit and withdrawal change, with ids and status only; support and users hear none", async () => {
    const method = await bankMethod(t);
    const finance = await operatorAuth(t, "finance");
    const secondFinance = await operatorAuth(t, "finance");
    const support = await operatorAuth(t, "support");
    const user = await customer("500.00");
    const financeSocket = await consoleSocket(finance.headers);
    const supportSocket = await consoleSocket(support.headers);
    const usersOwn = await userSocketOf(user.token);

    // Above the second-approval threshold (10,000.00): submitted, confirmed once, confirmed again.
    const large = await deposit(user.auth, method.id, "20000.00");
    expect(await financeSocket.next()).toEqual(change("deposits", large, "under_review"));
    expect((await post(finance.headers, `/operator/deposits/${large}/confirm`)).statusCode).toBe(202);
    expect(await financeSocket.next()).toEqual(change("deposits", large, "under_review", true));
    expect((await post(secondFinance.headers, `/operator/deposits/${large}/confirm`)).statusCode).toBe(200);
    expect(await financeSocket.next()).toEqual(change("deposits", large, "success"));
    const small = await deposit(user.auth, method.id, "50.00");
    expect(await financeSocket.next()).toEqual(change("deposits", small, "under_review"));
    const rejected = await post(finance.headers, `/operator/deposits/${small}/reject`, {
      reason: "no transfer",
    });
    expect(rejected.statusCode).toBe(200);
    expect(await financeSocket.next()).toEqual(change("deposits", small, "failed"));

    // Requested, cancelled by the user; requested, approved; requested, rejected.
    const retryKey = key();
    const cancelled = await withdraw(user, "100.00", retryKey);
    expect(await financeSocket.next()).toEqual(change("withdrawals", cancelled, "under_review"));
    // A retry replays the first answer and announces nothing new.
    await withdraw(user, "100.00", retryKey);
    const cancel = await postWithKey(t.app, `/api/v1/cashier/withdrawals/${cancelled}/cancel`, user.auth, {});
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await financeSocket.next()).toEqual(change("withdrawals", cancelled, "cancelled"));
    const approved = await withdraw(user, "120.00");
    expect(await financeSocket.next()).toEqual(change("withdrawals", approved, "under_review"));
    expect((await post(finance.headers, `/operator/withdrawals/${approved}/approve`)).statusCode).toBe(200);
    expect(await financeSocket.next()).toEqual(change("withdrawals", approved, "success"));
    const refused = await withdraw(user, "130.00");
    expect(await financeSocket.next()).toEqual(change("withdrawals", refused, "under_review"));
    const reject = await post(finance.headers, `/operator/withdrawals/${refused}/reject`, {
      reason: "check",
    });
    expect(reject.statusCode).toBe(200);
    expect(await financeSocket.next()).toEqual(change("withdrawals", refused, "failed"));
    await financeSocket.nothingElse();

    // Support reviews neither queue; the user hears their own figures and inbox, never an operator's event.
    await supportSocket.nothingElse();
    const usersHeard = await heardSoFar(usersOwn);
    expect(usersHeard.length).toBeGreaterThan(0);
    expect(usersHeard.every((message) => ["account.updated", "inbox.changed"].includes(message.type))).toBe(
      true,
    );
    for (const socket of [financeSocket, supportSocket, usersOwn]) socket.socket.close();
  });

  it("stops at once when an admin narrows the operator's role", async () => {
    const method = await bankMethod(t);
    const admin = await operatorAuth(t, "admin");
    // Admin to support only takes permissions away, so it applies without a second admin.
    const reviewer = await operatorAuth(t, "admin");
    const witness = await operatorAuth(t, "finance");
    const user = await registerAndLogin(t);
    const socket = await consoleSocket(reviewer.headers);
    const witnessSocket = await consoleSocket(witness.headers);
    const first = await deposit(user.auth, method.id, "60.00");
    expect(await socket.next()).toEqual(change("deposits", first, "under_review"));
    expect(await witnessSocket.next()).toEqual(change("deposits", first, "under_review"));

    const narrowed = await t.app.inject({
      method: "PATCH",
      url: `/api/v1/operator/operators/${reviewer.credentials.id}`,
      headers: admin.headers,
      payload: { role: "support" },
    });
    expect(narrowed.statusCode, narrowed.body).toBe(200);
    const second = await deposit(user.auth, method.id, "70.00");
    // Once the witness heard it, the narrowed console would have too: one delivery tells both.
    expect(await witnessSocket.next()).toEqual(change("deposits", second, "under_review"));
    await socket.nothingElse();
    socket.socket.close();
    witnessSocket.socket.close();
  });

  it("keeps the realms apart: a user's token is no operator's, nor the other way round", async () => {
    const user = await registerAndLogin(t);
    const finance = await operatorAuth(t, "finance");
    for (const [type, token] of [
      ["operator.auth", user.token],
      ["auth", tokenOf(finance.headers)],
    ] as const) {
      const client = await openTestSocket(socketUrl());
      client.socket.send(JSON.stringify({ type, token }));
      expect(await client.next()).toEqual({ type: "error", code: "UNAUTHENTICATED" });
      expect((await client.closed).code).toBe(UNAUTHENTICATED_CLOSE_CODE);
    }
  });
});

describe("a console's socket ends with its operator session", () => {
  const expectEnded = async (socket: TestSocket) => {
    expect(await socket.closed).toEqual({ code: SESSION_ENDED_CLOSE_CODE, reason: "session ended" });
  };

  it("closes on sign-out, and the signed-out token opens no other", async () => {
    const finance = await operatorAuth(t, "finance");
    const socket = await consoleSocket(finance.headers);
    expect((await post(finance.headers, "/operator/auth/logout")).statusCode).toBe(200);
    await expectEnded(socket);

    const again = await openTestSocket(socketUrl());
    again.socket.send(JSON.stringify({ type: "operator.auth", token: tokenOf(finance.headers) }));
    expect(await again.next()).toEqual({ type: "error", code: "UNAUTHENTICATED" });
    expect((await again.closed).code).toBe(UNAUTHENTICATED_CLOSE_CODE);
  });

  it("closes every session's socket on sign-out everywhere", async () => {
    const finance = await operatorAuth(t, "finance");
    const otherBrowser = await signInOperatorThroughApi(t, finance.credentials);
    const here = await consoleSocket(finance.headers);
    const there = await consoleSocket(otherBrowser);
    expect((await post(finance.headers, "/operator/auth/logout-everywhere")).statusCode).toBe(200);
    await expectEnded(here);
    await expectEnded(there);
  });

  it("closes when an admin disables the operator or resets their authenticator", async () => {
    const admin = await operatorAuth(t, "admin");
    for (const action of ["disable", "reset-totp"]) {
      const finance = await operatorAuth(t, "finance");
      const socket = await consoleSocket(finance.headers);
      const url = `/operator/operators/${finance.credentials.id}/${action}`;
      expect((await post(admin.headers, url, { reason: "left the team" })).statusCode).toBe(200);
      await expectEnded(socket);
    }
  });

  it("closes on the periodic check once the console has been idle past the limit", async () => {
    const finance = await operatorAuth(t, "finance");
    const busy = await operatorAuth(t, "finance");
    const idle = await consoleSocket(finance.headers);
    const kept = await consoleSocket(busy.headers);
    const idleMs = t.config.OPERATOR_IDLE_MINUTES * 60_000;
    t.clock.advance(idleMs - 60_000);
    // A request keeps the busy operator's session alive; the socket itself does not.
    const me = await t.app.inject({ method: "GET", url: "/api/v1/operator/me", headers: busy.headers });
    expect(me.statusCode).toBe(200);
    t.clock.advance(2 * 60_000);

    await t.app.tickfair.realtime.checkSessions();
    await expectEnded(idle);
    await kept.nothingElse();
    kept.socket.close();
  });
});
