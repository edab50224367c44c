import type { InboxPage, SessionResponse } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import { LOCK_AFTER } from "../platform/sign-in-throttle";
import { registerAndLogin } from "../test/fixtures";
import { useTestApp } from "../test/harness";
import { createEnrolledOperator, totpCode } from "../test/operator-fixtures";
import { enrolUserTotp, unusedUserTotpCode } from "../test/totp-fixtures";
import { lockSignIn } from "./operator-users";
import { SIGN_IN_CHALLENGE_MS } from "./second-factor-challenge";
import { disableTotp } from "./totp";

const t = useTestApp();

const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

const login = (account: string, password: string, userAgent?: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/v1/auth/login",
    payload: { account, password },
    ...(userAgent ? { headers: { "user-agent": userAgent } } : {}),
  });
const secondFactor = (payload: Record<string, string>) =>
  t.app.inject({ method: "POST", url: "/api/v1/auth/login/second-factor", payload });

/** A registered user with two-step sign-in on, and what signs them in. */
async function twoStepUser() {
  const user = await registerAndLogin(t);
  const factor = await enrolUserTotp(t, user.auth);
  const { account, password } = user.registration;
  const challenge = async (userAgent?: string): Promise<string> => {
    const answer = await login(account, password, userAgent);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ challenge: string }>().challenge;
  };
  const code = () => unusedUserTotpCode(t.db, t.clock, user.userId, factor.secret);
  return { ...user, ...factor, challenge, code };
}

const sessionsOf = (userId: bigint) =>
  t.db.selectFrom("sessions").select("device").where("user_id", "=", userId).execute();

describe("signing in with two-step sign-in on", () => {
  it("answers a challenge for the password and a session only for the authenticator's code, taken once", async () => {
    const user = await twoStepUser();
    const before = (await sessionsOf(user.userId)).length;

    const answer = await login(user.registration.account, user.registration.password);
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body).toEqual({ step: "totp", challenge: expect.any(String), expiresAt: expect.any(String) });
    expect(new Date(body.expiresAt).getTime() - t.clock.now().getTime()).toBe(SIGN_IN_CHALLENGE_MS);
    expect(await sessionsOf(user.userId)).toHaveLength(before);

    const code = await user.code();
    const signedIn = await secondFactor({ challenge: body.challenge, code });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const session = signedIn.json<SessionResponse>();
    expect(session.user.account).toBe(user.registration.account);
    const me = await t.app.inject({
      url: "/api/v1/me",
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(me.statusCode).toBe(200);

    // The same code again, on a new attempt within its window: refused.
    const replay = await secondFactor({ challenge: await user.challenge(), code });
    expect([replay.statusCode, replay.json().error.code]).toEqual([401, "SECOND_FACTOR_INVALID"]);
  });

  it("takes each recovery code once, however it is typed", async () => {
    const user = await twoStepUser();
    const recovery = user.recoveryCodes[3] ?? "";
    const typed = recovery.toLowerCase().replaceAll("-", " ");
    const first = await secondFactor({ challenge: await user.challenge(), recoveryCode: typed });
    expect(first.statusCode, first.body).toBe(200);
    const again = await secondFactor({ challenge: await user.challenge(), recoveryCode: recovery });
    expect(again.json().error.code).toBe("SECOND_FACTOR_INVALID");
    const status = await t.app.inject({ url: "/api/v1/me/totp", headers: user.auth });
    expect(status.json().recoveryCodesLeft).toBe(9);
  });

  it("refuses a challenge used, expired, unknown, or outlived by turning the factor off", async () => {
    const user = await twoStepUser();
    const used = await user.challenge();
    expect((await secondFactor({ challenge: used, code: await user.code() })).statusCode).toBe(200);
    const reused = await secondFactor({ challenge: used, code: await user.code() });
    expect([reused.statusCode, reused.json().error.code]).toEqual([401, "SIGN_IN_CHALLENGE_EXPIRED"]);

    const late = await user.challenge();
    t.clock.advance(SIGN_IN_CHALLENGE_MS);
    expect((await secondFactor({ challenge: late, code: await user.code() })).json().error.code).toBe(
      "SIGN_IN_CHALLENGE_EXPIRED",
    );
    expect((await secondFactor({ challenge: "no-such-challenge", code: "123456" })).json().error.code).toBe(
      "SIGN_IN_CHALLENGE_EXPIRED",
    );

    const pending = await user.challenge();
    await t.db.transaction().execute((tx) => disableTotp(tx, user.userId, t.clock.now(), "operator"));
    expect((await secondFactor({ challenge: pending, code: await user.code() })).json().error.code).toBe(
      "SIGN_IN_CHALLENGE_EXPIRED",
    );
  });

  it("counts wrong codes with wrong passwords: a right password does not wipe them, and the lock holds", async () => {
    const user = await twoStepUser();
    for (let i = 0; i < LOCK_AFTER; i += 1) {
      // A new attempt each time: the password step must not clear the count of codes guessed after it.
      const wrong = await secondFactor({ challenge: await user.challenge(), code: "000000" });
      expect(wrong.json().error.code).toBe("SECOND_FACTOR_INVALID");
      t.clock.advance(60_000);
    }
    const locked = await login(user.registration.account, user.registration.password);
    expect([locked.statusCode, locked.json().error.code]).toEqual([401, "INVALID_CREDENTIALS"]);
  });

  it("keeps the operator's lock and the new-device notice of a one-step sign-in", async () => {
    const user = await twoStepUser();
    const pending = await user.challenge(IPHONE_SAFARI);
    const code = await user.code();
    const signedIn = await secondFactor({ challenge: pending, code });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    // The session is the password step's device, and the notice names it.
    expect((await sessionsOf(user.userId)).map((row) => row.device)).toContain("Safari · iOS");
    const inbox = await t.app.inject({ url: "/api/v1/messages", headers: user.auth });
    expect(
      inbox
        .json<InboxPage>()
        .items.filter((item) => item.content.kind === "new_sign_in")
        .map((item) => item.content),
    ).toEqual([{ kind: "new_sign_in", device: "Safari · iOS" }]);

    const operator = await createEnrolledOperator(t.db, t.clock, { username: "locker_2fa", role: "support" });
    const between = await user.challenge();
    await t.db
      .transaction()
      .execute((tx) =>
        lockSignIn(tx, user.userId, { operatorId: operator.id, reason: "Lost phone", at: t.clock.now() }),
      );
    const refused = await secondFactor({ challenge: between, code: await user.code() });
    expect([refused.statusCode, refused.json().error.code]).toEqual([423, "SIGN_IN_LOCKED"]);
    const atPassword = await login(user.registration.account, user.registration.password);
    expect(atPassword.json().error.code).toBe("SIGN_IN_LOCKED");
  });

  it("opens the session where the password was typed: the attempt's device and address", async () => {
    const user = await twoStepUser();
    const typed = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      remoteAddress: "203.0.113.7",
      headers: { "user-agent": IPHONE_SAFARI },
      payload: { account: user.registration.account, password: user.registration.password },
    });
    const { challenge } = typed.json<{ challenge: string }>();
    const completed = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/login/second-factor",
      remoteAddress: "198.51.100.9",
      payload: { challenge, code: await user.code() },
    });
    expect(completed.statusCode, completed.body).toBe(200);
    const opened = await t.db
      .selectFrom("sessions")
      .select(["device", "first_address"])
      .where("user_id", "=", user.userId)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(opened).toEqual({ device: "Safari · iOS", first_address: "203.0.113.7" });
  });

  it("accepts the previous and next step's code, not one further off", async () => {
    const user = await twoStepUser();
    const far = totpCode(user.secret, new Date(t.clock.now().getTime() + 3 * 30_000));
    const refused = await secondFactor({ challenge: await user.challenge(), code: far });
    expect(refused.json().error.code).toBe("SECOND_FACTOR_INVALID");
  });
});
