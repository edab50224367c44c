import {
  endOtherSessionsStepUp,
  endSessionStepUp,
  type MySessions,
  SESSION_ENDED_CLOSE_CODE,
} from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import { onPostgres } from "../market/testing";
import { ManualClock } from "../platform/clock";
import { registerAndLogin, signIn, stepUpFor } from "../test/fixtures";
import { openSignedInSocket } from "../test/socket";
import { useTwoProcesses } from "../test/two-processes";

describe.skipIf(!onPostgres())("ending the user's sessions across server processes (PostgreSQL)", () => {
  const clock = new ManualClock(new Date(Date.UTC(2026, 0, 6, 11, 0, 0)));
  const processes = useTwoProcesses(clock);

  it("refuses an ended session on the other process at once, and closes its socket there", async () => {
    const { a, b, context } = processes;
    const user = await registerAndLogin(context);
    const { registration, auth } = user;
    const one = await signIn(b, registration);
    const two = await signIn(b, registration);
    const oneOnB = await openSignedInSocket(processes.socketUrl(b), one.token);
    const twoOnB = await openSignedInSocket(processes.socketUrl(b), two.token);
    const keptOnA = await openSignedInSocket(processes.socketUrl(a), user.token);
    // B has seen both sessions live (its lookups are fresh), so a refusal below is not a cold read.
    for (const session of [one, two])
      expect((await b.inject({ method: "GET", url: "/api/v1/me", headers: session.auth })).statusCode).toBe(
        200,
      );

    const listed = await a.inject({ method: "GET", url: "/api/v1/me/sessions", headers: one.auth });
    const oneId = listed.json<MySessions>().sessions.find((session) => session.current)?.id ?? "";
    const ended = await a.inject({
      method: "DELETE",
      url: `/api/v1/me/sessions/${oneId}`,
      headers: { ...auth, ...(await stepUpFor(a, auth, endSessionStepUp(oneId), registration.payPassword)) },
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await b.inject({ method: "GET", url: "/api/v1/me", headers: one.auth })).statusCode).toBe(401);
    expect((await oneOnB.closed).code).toBe(SESSION_ENDED_CLOSE_CODE);

    const others = await a.inject({
      method: "POST",
      url: "/api/v1/me/sessions/end-others",
      headers: { ...auth, ...(await stepUpFor(a, auth, endOtherSessionsStepUp(), registration.payPassword)) },
    });
    expect(others.json()).toEqual({ ended: 1 });
    expect((await b.inject({ method: "GET", url: "/api/v1/me", headers: two.auth })).statusCode).toBe(401);
    expect((await twoOnB.closed).code).toBe(SESSION_ENDED_CLOSE_CODE);
    expect((await b.inject({ method: "GET", url: "/api/v1/me", headers: auth })).statusCode).toBe(200);
    await keptOnA.nothingElse();
    keptOnA.socket.close();
  });
});
