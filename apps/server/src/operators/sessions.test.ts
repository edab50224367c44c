import { describe, expect, it } from "vitest";
import { hashToken } from "../platform/tokens";
import { useTestApp } from "../test/harness";
import { createEnrolledOperator, signInOperatorThroughApi } from "../test/operator-fixtures";

const t = useTestApp({ OPERATOR_IDLE_MINUTES: 30 });

const call = (method: "GET" | "POST", url: string, headers: Record<string, string>) =>
  t.app.inject({ method, url, headers });
const me = (headers: Record<string, string>) => call("GET", "/api/v1/operator/me", headers);

async function lastSeen(headers: Record<string, string>): Promise<Date> {
  const row = await t.db
    .selectFrom("operator_sessions")
    .select("last_seen_at")
    .where("token_hash", "=", hashToken((headers.authorization ?? "").slice("Bearer ".length)))
    .executeTakeFirstOrThrow();
  return row.last_seen_at;
}

let operators = 0;
async function signedIn() {
  const credentials = await createEnrolledOperator(t.db, t.clock, {
    username: `session_${++operators}`,
    role: "support",
  });
  return { credentials, headers: await signInOperatorThroughApi(t, credentials) };
}

describe("operator sessions", () => {
  it("end after the idle time, while use keeps them going", async () => {
    const { headers } = await signedIn();
    for (let i = 0; i < 4; i += 1) {
      t.clock.advance(20 * 60_000);
      expect((await me(headers)).statusCode).toBe(200);
    }
    t.clock.advance(30 * 60_000 + 1);
    const idle = await me(headers);
    expect(idle.statusCode).toBe(401);
    expect(idle.json().error.code).toBe("UNAUTHENTICATED");
  });

  it("write their last use at most once a minute", async () => {
    const { headers } = await signedIn();
    const start = await lastSeen(headers);
    t.clock.advance(30_000);
    await me(headers);
    expect(await lastSeen(headers)).toEqual(start);
    t.clock.advance(31_000);
    await me(headers);
    expect(await lastSeen(headers)).toEqual(t.clock.now());
  });

  it("end together on sign-out everywhere, audited, leaving other operators signed in", async () => {
    const { credentials, headers } = await signedIn();
    const second = await signInOperatorThroughApi(t, credentials);
    const other = await signedIn();

    const answer = await call("POST", "/api/v1/operator/auth/logout-everywhere", second);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ ok: true });
    expect((await me(headers)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    expect((await me(other.headers)).statusCode).toBe(200);

    const audit = await t.db
      .selectFrom("audit_log")
      .select(["action", "detail"])
      .where("action", "=", "operator.logout_everywhere")
      .execute();
    expect(audit).toEqual([{ action: "operator.logout_everywhere", detail: { sessions: 2 } }]);
    // A new sign-in works as before.
    expect((await me(await signInOperatorThroughApi(t, credentials))).statusCode).toBe(200);
  });

  it("end on sign-out", async () => {
    const { headers } = await signedIn();
    expect((await call("POST", "/api/v1/operator/auth/logout", headers)).statusCode).toBe(200);
    expect((await me(headers)).statusCode).toBe(401);
  });

  it("stop at once when the operator is disabled", async () => {
    const { credentials, headers } = await signedIn();
    await t.db
      .updateTable("operators")
      .set({ disabled_at: t.clock.now() })
      .where("id", "=", credentials.id)
      .execute();
    expect((await me(headers)).statusCode).toBe(401);
  });
});
