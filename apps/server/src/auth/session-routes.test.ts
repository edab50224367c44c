import {
  endOtherSessionsStepUp,
  endSessionStepUp,
  type MySession,
  type MySessions,
  STEP_UP_HEADER,
  type StepUpAction,
} from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import type { App } from "../app";
import { hashToken } from "../platform/tokens";
import { registerAndLogin, stepUpFor } from "../test/fixtures";
import { useTestApp } from "../test/harness";
import { authenticate } from "./sessions";

const t = useTestApp();

const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

/** Signs in as a phone would: from `address`, with its User-Agent. */
async function signInFrom(
  app: App,
  registration: { account: string; password: string },
  client: { userAgent: string; address: string },
) {
  const login = await app.inject({
    method: "POST",
    url: "/api/v1/auth/login",
    remoteAddress: client.address,
    headers: { "user-agent": client.userAgent },
    payload: { account: registration.account, password: registration.password },
  });
  expect(login.statusCode, login.body).toBe(200);
  return { authorization: `Bearer ${login.json().token}` };
}

function listSessions(auth: Record<string, string>, remoteAddress = "127.0.0.1") {
  // A forwarded address the server must ignore: no proxy is trusted (TRUST_PROXY unset).
  const headers = { ...auth, "x-forwarded-for": "192.0.2.66" };
  return t.app.inject({ method: "GET", url: "/api/v1/me/sessions", headers, remoteAddress });
}

async function sessionsOf(auth: Record<string, string>): Promise<MySession[]> {
  const listed = await listSessions(auth);
  expect(listed.statusCode, listed.body).toBe(200);
  return listed.json<MySessions>().sessions;
}

const stepUp = (auth: Record<string, string>, action: StepUpAction, payPassword: string) =>
  stepUpFor(t.app, auth, action, payPassword);

const endOne = (auth: Record<string, string>, id: string, grant: Record<string, string> = {}) =>
  t.app.inject({ method: "DELETE", url: `/api/v1/me/sessions/${id}`, headers: { ...auth, ...grant } });
const endOthers = (auth: Record<string, string>, grant: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: "/api/v1/me/sessions/end-others", headers: { ...auth, ...grant } });
const me = (auth: Record<string, string>) =>
  t.app.inject({ method: "GET", url: "/api/v1/me", headers: auth });

describe("the user's sessions", () => {
  it("lists each live session's device, addresses and times, this one marked, the latest active first", async () => {
    const { registration, auth: first } = await registerAndLogin(t);
    t.clock.advance(5_000);
    const phone = await signInFrom(t.app, registration, {
      userAgent: ANDROID_CHROME,
      address: "203.0.113.7",
    });
    t.clock.advance(5_000);
    const tablet = await signInFrom(t.app, registration, {
      userAgent: IPHONE_SAFARI,
      address: "2001:db8::1",
    });

    const sessions = await sessionsOf(phone);
    expect(sessions).toHaveLength(3);
    expect(sessions.slice(0, 2)).toMatchObject([
      {
        device: "Safari · iOS",
        firstAddress: "2001:db8::1",
        lastAddress: "2001:db8::1",
        current: false,
        createdAt: t.clock.now().toISOString(),
      },
      { device: "Chrome · Android", firstAddress: "203.0.113.7", lastAddress: "203.0.113.7", current: true },
    ]);
    expect(sessions.filter((session) => session.current)).toHaveLength(1);

    // An ended session is not listed; another user's never are.
    expect(
      (await t.app.inject({ method: "POST", url: "/api/v1/auth/logout", headers: tablet })).statusCode,
    ).toBe(200);
    await registerAndLogin(t);
    expect((await sessionsOf(first)).map((session) => session.device)).toEqual(["Chrome · Android", null]);
  });

  it("moves the last address with the session's next use after the slide interval", async () => {
    const { registration } = await registerAndLogin(t);
    const phone = await signInFrom(t.app, registration, {
      userAgent: ANDROID_CHROME,
      address: "203.0.113.7",
    });
    // Within the minute the session is not written to: the address it had stays.
    await listSessions(phone, "198.51.100.20");
    expect((await sessionsOf(phone)).find((session) => session.current)?.lastAddress).toBe("203.0.113.7");

    t.clock.advance(61_000);
    await listSessions(phone, "198.51.100.20");
    const current = (await sessionsOf(phone)).find((session) => session.current);
    expect(current).toMatchObject({
      firstAddress: "203.0.113.7",
      lastAddress: "198.51.100.20",
      lastSeenAt: t.clock.now().toISOString(),
    });
  });

  it("slides the sessions used at the same moment, each with its own address; a socket keeps it", async () => {
    const { registration } = await registerAndLogin(t);
    const phones: Record<string, string>[] = [];
    for (const address of ["203.0.113.1", "203.0.113.2", "203.0.113.3", "203.0.113.4"]) {
      phones.push(await signInFrom(t.app, registration, { userAgent: ANDROID_CHROME, address }));
    }
    const tokenOf = (auth: Record<string, string> | undefined) =>
      auth?.authorization?.slice("Bearer ".length) ?? "";
    t.clock.advance(61_000);
    // Together: three phones from new addresses, the first of them twice, the fourth through its socket.
    const used = await Promise.all([
      listSessions(phones[0] ?? {}, "198.51.100.1"),
      listSessions(phones[1] ?? {}, "198.51.100.2"),
      listSessions(phones[2] ?? {}, "198.51.100.3"),
      listSessions(phones[0] ?? {}, "198.51.100.1"),
      authenticate(
        t.db,
        t.clock,
        { sessionIdleMs: t.config.SESSION_IDLE_DAYS * 24 * 60 * 60_000 },
        tokenOf(phones[3]),
        null,
      ),
    ]);
    for (const response of used.slice(0, 4))
      expect((response as { statusCode: number }).statusCode).toBe(200);

    const listed = new Map(
      (await sessionsOf(phones[0] ?? {})).map((session) => [session.firstAddress, session]),
    );
    const now = t.clock.now().toISOString();
    expect(listed.get("203.0.113.1")).toMatchObject({ lastAddress: "198.51.100.1", lastSeenAt: now });
    expect(listed.get("203.0.113.2")).toMatchObject({ lastAddress: "198.51.100.2", lastSeenAt: now });
    expect(listed.get("203.0.113.3")).toMatchObject({ lastAddress: "198.51.100.3", lastSeenAt: now });
    expect(listed.get("203.0.113.4")).toMatchObject({ lastAddress: "203.0.113.4", lastSeenAt: now });
    const expiries = await t.db
      .selectFrom("sessions")
      .select("expires_at")
      .where(
        "token_hash",
        "in",
        phones.map((auth) => hashToken(tokenOf(auth))),
      )
      .execute();
    expect(expiries.map((row) => row.expires_at.getTime())).toEqual(
      phones.map(() => t.clock.now().getTime() + t.config.SESSION_IDLE_DAYS * 24 * 60 * 60_000),
    );
  });

  it("ends one session with a step-up for it: its token is refused at once", async () => {
    const { registration, auth, userId } = await registerAndLogin(t);
    const other = await signInFrom(t.app, registration, {
      userAgent: ANDROID_CHROME,
      address: "203.0.113.7",
    });
    const otherId = (await sessionsOf(other)).find((session) => session.current)?.id ?? "";

    // Without a grant, with one for another action or another session: refused, nothing ended.
    const ownId = (await sessionsOf(auth)).find((session) => session.current)?.id ?? "";
    const refusals = [
      {},
      await stepUp(auth, { kind: "withdrawal", data: { amount: "1.00" } }, registration.payPassword),
      await stepUp(auth, endSessionStepUp(ownId), registration.payPassword),
      await stepUp(auth, endOtherSessionsStepUp(), registration.payPassword),
      { [STEP_UP_HEADER]: "not-a-grant" },
    ];
    for (const grant of refusals) {
      const refused = await endOne(auth, otherId, grant);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe("STEP_UP_REQUIRED");
    }
    expect((await me(other)).statusCode).toBe(200);

    const grant = await stepUp(auth, endSessionStepUp(otherId), registration.payPassword);
    const ended = await endOne(auth, otherId, grant);
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(auth)).statusCode).toBe(200);

    // The grant is spent, and the session is already ended.
    expect((await endOne(auth, otherId, grant)).json().error.code).toBe("SESSION_ALREADY_ENDED");
    const again = await endOne(
      auth,
      otherId,
      await stepUp(auth, endSessionStepUp(otherId), registration.payPassword),
    );
    expect(again.statusCode).toBe(409);
    const grants = await t.db
      .selectFrom("step_up_grants")
      .select("used_at")
      .where("user_id", "=", userId)
      .execute();
    expect(grants.filter((row) => row.used_at !== null)).toHaveLength(1);
  });

  it("answers 404 for another user's session, and leaves it alone", async () => {
    const mine = await registerAndLogin(t);
    const theirs = await registerAndLogin(t);
    const theirId = (await sessionsOf(theirs.auth))[0]?.id ?? "";
    const grant = await stepUp(mine.auth, endSessionStepUp(theirId), mine.registration.payPassword);
    const refused = await endOne(mine.auth, theirId, grant);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe("NOT_FOUND");
    expect((await me(theirs.auth)).statusCode).toBe(200);
    const nowhere = await endOne(mine.auth, "9223372036854775807", grant);
    expect(nowhere.statusCode).toBe(404);
    // Refused before it acted: the grant is left unused.
    const grants = await t.db
      .selectFrom("step_up_grants")
      .select("used_at")
      .where("user_id", "=", mine.userId)
      .execute();
    expect(grants).toEqual([{ used_at: null }]);
  });

  it("ends every other session with a step-up, and keeps this one", async () => {
    const { registration, auth } = await registerAndLogin(t);
    const phone = await signInFrom(t.app, registration, {
      userAgent: ANDROID_CHROME,
      address: "203.0.113.7",
    });
    const tablet = await signInFrom(t.app, registration, {
      userAgent: IPHONE_SAFARI,
      address: "2001:db8::1",
    });
    const bystander = await registerAndLogin(t);

    const refused = await endOthers(auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe("STEP_UP_REQUIRED");
    const wrongKind = await stepUp(auth, endSessionStepUp("1"), registration.payPassword);
    expect((await endOthers(auth, wrongKind)).statusCode).toBe(403);
    // Another session's grant does not act for this one.
    const phonesGrant = await stepUp(phone, endOtherSessionsStepUp(), registration.payPassword);
    expect((await endOthers(auth, phonesGrant)).statusCode).toBe(403);

    const ended = await endOthers(
      auth,
      await stepUp(auth, endOtherSessionsStepUp(), registration.payPassword),
    );
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual({ ended: 2 });
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(tablet)).statusCode).toBe(401);
    expect((await me(bystander.auth)).statusCode).toBe(200);
    expect((await sessionsOf(auth)).map((session) => session.current)).toEqual([true]);
  });

  it("ends this session too when asked by its id: that is signing out", async () => {
    const { registration, auth } = await registerAndLogin(t);
    const ownId = (await sessionsOf(auth))[0]?.id ?? "";
    const ended = await endOne(
      auth,
      ownId,
      await stepUp(auth, endSessionStepUp(ownId), registration.payPassword),
    );
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await me(auth)).statusCode).toBe(401);
  });
});
