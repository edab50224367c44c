import type { AddressInfo } from "node:net";
import {
  type InboxPage,
  type OperatorUserDetail,
  SESSION_ENDED_CLOSE_CODE,
  type UserSession,
  type UserSessionPage,
} from "@tickfair/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userBalances } from "../ledger";
import { demoTopUp, operatorAuth } from "../test/cashier-fixtures";
import { registerAndLogin, signIn } from "../test/fixtures";
import { useTestApp } from "../test/harness";
import { openSignedInSocket } from "../test/socket";
import { enrolUserTotp } from "../test/totp-fixtures";

/** An operator ends a user's session, or locks and unlocks their sign-in: audited, sockets closed. */
const t = useTestApp();
const API = "/api/v1/operator/users";
const REASON = "User reported a lost phone";
let support: Record<string, string>;
let finance: Record<string, string>;
let socketUrl = "";

beforeAll(async () => {
  support = (await operatorAuth(t, "support")).headers;
  finance = (await operatorAuth(t, "finance")).headers;
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  socketUrl = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/ws`;
});
afterAll(async () => {
  await t.app.close();
});

const post = (url: string, payload: object, headers = support) =>
  t.app.inject({ method: "POST", url, payload, headers });
const me = (auth: Record<string, string>) =>
  t.app.inject({ method: "GET", url: "/api/v1/me", headers: auth });
const login = (account: string, password: string) =>
  t.app.inject({ method: "POST", url: "/api/v1/auth/login", payload: { account, password } });
const auditOf = (action: string) =>
  t.db.selectFrom("audit_log").selectAll().where("action", "=", action).orderBy("id", "desc").execute();

describe("a user's sessions", () => {
  it("lists them newest first, and a revoked one ends at once, its socket closed", async () => {
    const user = await registerAndLogin(t);
    const phone = await signIn(t.app, user.registration);
    const socket = await openSignedInSocket(socketUrl, phone.token);

    const sessions = await t.app.inject({
      method: "GET",
      url: `${API}/${user.userId}/sessions`,
      headers: support,
    });
    expect(sessions.statusCode, sessions.body).toBe(200);
    const page = sessions.json<UserSessionPage>();
    expect(page.items).toHaveLength(2);
    expect(page.items.every((s) => s.live && s.endedAt === null)).toBe(true);
    const newest = page.items[0] as UserSession;
    // The token's hash never leaves the server: a session is named by its id.
    expect(Object.keys(newest).sort()).toEqual([
      "createdAt",
      "device",
      "endedAt",
      "expiresAt",
      "firstAddress",
      "id",
      "lastAddress",
      "lastSeenAt",
      "live",
    ]);

    const revoked = await post(`${API}/${user.userId}/sessions/${newest.id}/revoke`, { reason: REASON });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json<UserSession>()).toMatchObject({
      id: newest.id,
      live: false,
      endedAt: expect.any(String),
    });
    expect((await socket.closed).code).toBe(SESSION_ENDED_CLOSE_CODE);
    expect((await me(phone.auth)).statusCode).toBe(401);
    expect((await me(user.auth)).statusCode).toBe(200);

    const [audit] = await auditOf("user.session.revoke");
    expect(audit).toMatchObject({ target_type: "user", target_id: String(user.userId), reason: REASON });
    expect(audit?.detail).toEqual({ sessionId: newest.id });

    const again = await post(`${API}/${user.userId}/sessions/${newest.id}/revoke`, { reason: REASON });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("SESSION_ALREADY_ENDED");
  });

  it("refuses another user's session, a missing reason, and a role without the permission", async () => {
    const user = await registerAndLogin(t);
    const other = await registerAndLogin(t);
    const otherSessions = await t.app.inject({
      method: "GET",
      url: `${API}/${other.userId}/sessions`,
      headers: support,
    });
    const sessionId = otherSessions.json<UserSessionPage>().items[0]?.id;
    const wrongUser = await post(`${API}/${user.userId}/sessions/${sessionId}/revoke`, { reason: REASON });
    expect(wrongUser.statusCode).toBe(404);
    expect(wrongUser.json().error.code).toBe("NOT_FOUND");

    for (const body of [{}, { reason: "  " }, { reason: "..." }]) {
      const refused = await post(`${API}/${other.userId}/sessions/${sessionId}/revoke`, body);
      expect(refused.statusCode).toBe(400);
      expect(["REQUIRED", "REASON_REQUIRED"]).toContain(refused.json().error.code);
    }
    const asFinance = await post(
      `${API}/${other.userId}/sessions/${sessionId}/revoke`,
      { reason: REASON },
      finance,
    );
    expect(asFinance.statusCode).toBe(403);
    expect(asFinance.json().error.code).toBe("OPERATOR_ROLE_FORBIDDEN");
    expect((await me(other.auth)).statusCode).toBe(200);
  });
});

describe("the sign-in lock", () => {
  it("ends the user's sessions, refuses their sign-in with a clear code, and lifts", async () => {
    const user = await registerAndLogin(t);
    await demoTopUp(t.app, user.auth, "80.00");
    const second = await signIn(t.app, user.registration);
    const socket = await openSignedInSocket(socketUrl, second.token);
    const { account, password } = user.registration;

    const locked = await post(`${API}/${user.userId}/lock`, { reason: REASON });
    expect(locked.statusCode, locked.body).toBe(200);
    const detail = locked.json<OperatorUserDetail>();
    expect(detail.signIn).toMatchObject({
      lock: { by: expect.any(String), reason: REASON },
      liveSessions: 0,
    });
    expect(detail.user.signInLockedAt).toEqual(detail.signIn.lock?.at);
    expect((await socket.closed).code).toBe(SESSION_ENDED_CLOSE_CODE);
    expect((await me(user.auth)).statusCode).toBe(401);
    expect((await me(second.auth)).statusCode).toBe(401);

    // The right password learns of the lock; a wrong one learns nothing, as for any account.
    const refused = await login(account, password);
    expect(refused.statusCode).toBe(423);
    expect(refused.json().error).toMatchObject({ code: "SIGN_IN_LOCKED", message: expect.any(String) });
    const wrong = await login(account, "not-the-password1");
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe("INVALID_CREDENTIALS");

    const twice = await post(`${API}/${user.userId}/lock`, { reason: REASON });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe("USER_ALREADY_LOCKED");
    const [lockAudit] = await auditOf("user.sign_in.lock");
    expect(lockAudit).toMatchObject({ target_id: String(user.userId), reason: REASON });
    expect(lockAudit?.detail).toEqual({ endedSessions: 2 });

    const unlocked = await post(`${API}/${user.userId}/unlock`, { reason: "Identity confirmed by phone" });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect(unlocked.json<OperatorUserDetail>().signIn.lock).toBeNull();
    const [unlockAudit] = await auditOf("user.sign_in.unlock");
    expect(unlockAudit).toMatchObject({ reason: "Identity confirmed by phone" });
    expect((await login(account, password)).statusCode).toBe(200);
    const notLocked = await post(`${API}/${user.userId}/unlock`, { reason: REASON });
    expect(notLocked.statusCode).toBe(409);
    expect(notLocked.json().error.code).toBe("USER_NOT_LOCKED");

    // Locking and unlocking moved no money.
    expect(await userBalances(t.db, user.userId)).toMatchObject({ cash: 8_000n });
  });

  it("answers in the reader's language, 404 for nobody, and only to roles that may lock", async () => {
    const user = await registerAndLogin(t);
    await post(`${API}/${user.userId}/lock`, { reason: REASON });
    const french = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      payload: { account: user.registration.account, password: user.registration.password },
      headers: { "accept-language": "fr" },
    });
    expect(french.json().error.message).toMatch(/bloquée/);
    const nobody = await post(`${API}/999999/lock`, { reason: REASON });
    expect(nobody.statusCode).toBe(404);
    const asFinance = await post(`${API}/${user.userId}/unlock`, { reason: REASON }, finance);
    expect(asFinance.statusCode).toBe(403);
  });
});

describe("resetting two-step sign-in", () => {
  it("turns it off for a user who lost their authenticator: audited, told in their inbox, once", async () => {
    const user = await registerAndLogin(t);
    await enrolUserTotp(t, user.auth);
    const page = await t.app.inject({ method: "GET", url: `${API}/${user.userId}`, headers: support });
    expect(page.json<OperatorUserDetail>().signIn).toMatchObject({ totp: true, passkeys: 0 });
    const { account, password } = user.registration;
    expect((await login(account, password)).json().step).toBe("totp");

    const reset = await post(`${API}/${user.userId}/totp/reset`, { reason: REASON });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json<OperatorUserDetail>().signIn.totp).toBe(false);
    expect((await login(account, password)).json().step).toBe("session");
    const [audit] = await auditOf("user.totp.reset");
    expect(audit).toMatchObject({ target_id: String(user.userId), reason: REASON });
    const inbox = await t.app.inject({ url: "/api/v1/messages", headers: user.auth });
    expect(inbox.json<InboxPage>().items.map((item) => item.content)).toContainEqual({
      kind: "totp_disabled",
      byOperator: true,
    });

    const again = await post(`${API}/${user.userId}/totp/reset`, { reason: REASON });
    expect([again.statusCode, again.json().error.code]).toEqual([409, "TOTP_NOT_ENABLED"]);
    expect(await auditOf("user.totp.reset")).toHaveLength(1);
    const asFinance = await post(`${API}/${user.userId}/totp/reset`, { reason: REASON }, finance);
    expect(asFinance.statusCode).toBe(403);
  });
});
