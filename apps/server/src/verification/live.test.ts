import type { OperatorVerification, ServerMessage } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import { operatorAuth } from "../test/cashier-fixtures";
import { registerAndLogin } from "../test/fixtures";
import { heardSoFar, openOperatorSocket, openSignedInSocket, tokenOf, useListeningApp } from "../test/socket";
import { submitVerificationThroughApi } from "../test/verification-fixtures";

const { t, socketUrl } = useListeningApp();

describe("a reviewed verification, live", () => {
  it("reaches the user's open app when a reviewer decides, without photo links", async () => {
    const user = await registerAndLogin(t);
    expect((await submitVerificationThroughApi(t.app, user.auth)).statusCode).toBe(201);
    const socket = await openSignedInSocket(socketUrl(), user.token);
    const support = await operatorAuth(t, "support");
    const queue = await t.app.inject({
      method: "GET",
      url: "/api/v1/operator/verifications",
      headers: support.headers,
    });
    const id = queue
      .json<{ items: OperatorVerification[] }>()
      .items.find((item) => item.user.account === user.registration.account)?.id;
    const decided = await t.app.inject({
      method: "POST",
      url: `/api/v1/operator/verifications/${id}/reject`,
      headers: support.headers,
      payload: { reason: "name_mismatch", text: "The name differs from the document." },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    let message: ServerMessage;
    do message = await socket.next();
    while (message.type !== "verification.updated");
    expect(message.status).toMatchObject({
      state: "rejected",
      rejection: { reason: "name_mismatch" },
      photos: null,
    });
    socket.socket.close();
  });
});

describe("the verification queue, live on reviewers' consoles and counted on the dashboard", () => {
  it("tells support of a submission and of its decision, with the id and state only; finance hears none", async () => {
    const support = await operatorAuth(t, "support");
    const finance = await operatorAuth(t, "finance");
    const supportSocket = await openOperatorSocket(socketUrl(), tokenOf(support.headers));
    const financeSocket = await openOperatorSocket(socketUrl(), tokenOf(finance.headers));
    const waitingBefore = await waitingOnDashboard(support.headers);

    const user = await registerAndLogin(t);
    expect((await submitVerificationThroughApi(t.app, user.auth)).statusCode).toBe(201);
    const entered = await supportSocket.next();
    expect(entered).toEqual({
      type: "queue.changed",
      queue: "verifications",
      id: expect.stringMatching(/^\d+$/),
      status: "under_review",
      awaitingSecondApproval: false,
    });
    expect(await waitingOnDashboard(support.headers)).toBe(waitingBefore + 1);

    const id = entered.type === "queue.changed" ? entered.id : "";
    const approved = await t.app.inject({
      method: "POST",
      url: `/api/v1/operator/verifications/${id}/approve`,
      headers: support.headers,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await supportSocket.next()).toMatchObject({ queue: "verifications", id, status: "verified" });
    expect(await waitingOnDashboard(support.headers)).toBe(waitingBefore);
    expect(await heardSoFar(financeSocket)).toEqual([]);
    supportSocket.socket.close();
    financeSocket.socket.close();
  });
});

async function waitingOnDashboard(headers: Record<string, string>): Promise<number> {
  const board = await t.app.inject({ url: "/api/v1/operator/dashboard", headers });
  expect(board.statusCode, board.body).toBe(200);
  const queue = board
    .json<{ queues: { queue: string; waiting: number }[] }>()
    .queues.find((candidate) => candidate.queue === "verifications");
  return queue?.waiting ?? -1;
}
