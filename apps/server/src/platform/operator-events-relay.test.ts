import type { AddressInfo } from "node:net";
import { SESSION_ENDED_CLOSE_CODE } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import type { App } from "../app";
import { onPostgres } from "../market/testing";
import { bankMethod, operatorAuth, postWithKey } from "../test/cashier-fixtures";
import { registerAndLogin } from "../test/fixtures";
import { openOperatorSocket } from "../test/socket";
import { useTwoProcesses } from "../test/two-processes";
import { ManualClock } from "./clock";

/** A console's socket to one process's app, signed in with the operator's bearer headers. */
function openConsoleSocket(app: App, headers: Record<string, string>) {
  const url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/ws`;
  return openOperatorSocket(url, (headers.authorization ?? "").replace(/^Bearer /, ""));
}

describe.skipIf(!onPostgres())("operators' events across server processes (PostgreSQL)", () => {
  const clock = new ManualClock(new Date(Date.UTC(2026, 0, 6, 11, 0, 0)));
  const processes = useTwoProcesses(clock);

  it("tells a reviewer's console on another process of a new deposit, and closes it when they sign out there", async () => {
    const { a, b, context } = processes;
    const method = await bankMethod(context);
    const finance = await operatorAuth(context, "finance");
    const user = await registerAndLogin(context);
    const onB = await openConsoleSocket(b, finance.headers);

    // The user's request lands on A; the console's socket is held by B.
    const body = { methodId: method.id, amount: "80.00", reference: "TX-RELAY" };
    const created = await postWithKey(a, "/api/v1/cashier/deposits", user.auth, body);
    expect(created.statusCode, created.body).toBe(201);
    expect(await onB.next()).toEqual({
      type: "queue.changed",
      queue: "deposits",
      id: created.json<{ id: string }>().id,
      status: "under_review",
      awaitingSecondApproval: false,
    });

    const logout = await a.inject({
      method: "POST",
      url: "/api/v1/operator/auth/logout",
      headers: finance.headers,
    });
    expect(logout.statusCode).toBe(200);
    expect((await onB.closed).code).toBe(SESSION_ENDED_CLOSE_CODE);
  });
});
