import type { RecoveryCodesResponse, StepUpAction, TotpEnrolment, TotpStatus } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import { registerAndLogin } from "../test/fixtures";
import { useTestApp } from "../test/harness";
import { totpCode } from "../test/operator-fixtures";
import { payPasswordStepUp } from "../test/passkey-fixtures";
import { enrolUserTotp, unusedUserTotpCode } from "../test/totp-fixtures";

const t = useTestApp();

const status = async (auth: Record<string, string>) =>
  (await t.app.inject({ method: "GET", url: "/api/v1/me/totp", headers: auth })).json<TotpStatus>();
const start = (auth: Record<string, string>) =>
  t.app.inject({ method: "POST", url: "/api/v1/me/totp", headers: auth });
const confirm = (auth: Record<string, string>, code: string) =>
  t.app.inject({ method: "POST", url: "/api/v1/me/totp/confirm", headers: auth, payload: { code } });
const login = (account: string, password: string) =>
  t.app.inject({ method: "POST", url: "/api/v1/auth/login", payload: { account, password } });

const stepUp = (auth: Record<string, string>, action: StepUpAction, payPassword: string) =>
  payPasswordStepUp(t, auth, action, payPassword);

describe("turning two-step sign-in on", () => {
  it("offers a secret for the account, which counts only with a right code, and answers ten recovery codes once", async () => {
    const { registration, auth } = await registerAndLogin(t);
    expect(await status(auth)).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });

    const first = (await start(auth)).json<TotpEnrolment>();
    const uri = new URL(first.otpauthUri);
    expect(`${uri.protocol}//${uri.host}`).toBe("otpauth://totp");
    expect(decodeURIComponent(uri.pathname)).toBe(`/Tickfair:${registration.account}`);
    expect(uri.searchParams.get("issuer")).toBe("Tickfair");
    expect(uri.searchParams.get("secret")).toBe(first.secret);

    // Started again (a lost QR code): a new secret, and the first one's code no longer counts.
    const started = await start(auth);
    expect(started.statusCode).toBe(201);
    const { secret } = started.json<TotpEnrolment>();
    expect(secret).not.toBe(first.secret);
    const stale = await confirm(auth, totpCode(first.secret, t.clock.now()));
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error).toMatchObject({
      code: "TOTP_CODE_WRONG",
      fields: { code: "TOTP_CODE_WRONG" },
    });
    expect((await status(auth)).enabled).toBe(false);
    expect((await login(registration.account, registration.password)).json().step).toBe("session");

    const confirmed = await confirm(auth, totpCode(secret, t.clock.now()));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { recoveryCodes } = confirmed.json<RecoveryCodesResponse>();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
    const kept = await t.db.selectFrom("user_recovery_codes").select("code_hash").execute();
    expect(kept.map((row) => row.code_hash)).not.toEqual(expect.arrayContaining([recoveryCodes[0]]));

    expect(await status(auth)).toEqual({
      enabled: true,
      enabledAt: t.clock.now().toISOString(),
      recoveryCodesLeft: 10,
    });
    expect((await login(registration.account, registration.password)).json().step).toBe("totp");

    // On already: neither a new secret nor a second confirmation.
    const again = await start(auth);
    expect([again.statusCode, again.json().error.code]).toEqual([409, "TOTP_ALREADY_ENABLED"]);
    const twice = await confirm(auth, totpCode(secret, t.clock.now()));
    expect([twice.statusCode, twice.json().error.code]).toEqual([409, "TOTP_ENROLMENT_NOT_STARTED"]);
  });

  it("refuses a confirmation before any enrolment started", async () => {
    const { auth } = await registerAndLogin(t);
    const refused = await confirm(auth, "123456");
    expect([refused.statusCode, refused.json().error.code]).toEqual([409, "TOTP_ENROLMENT_NOT_STARTED"]);
  });
});

describe("turning two-step sign-in off", () => {
  it("needs a step-up for it, used once; then the password alone signs in again", async () => {
    const { registration, auth, userId } = await registerAndLogin(t);
    await enrolUserTotp(t, auth);
    const disable = (stepUpToken?: string) =>
      t.app.inject({
        method: "DELETE",
        url: "/api/v1/me/totp",
        headers: { ...auth, ...(stepUpToken ? { "step-up": stepUpToken } : {}) },
      });

    const bare = await disable();
    expect([bare.statusCode, bare.json().error.code]).toEqual([403, "STEP_UP_REQUIRED"]);
    const otherKind = await stepUp(auth, { kind: "sessions.end", data: {} }, registration.payPassword);
    expect((await disable(otherKind)).json().error.code).toBe("STEP_UP_REQUIRED");
    expect((await status(auth)).enabled).toBe(true);

    const grant = await stepUp(auth, { kind: "totp.disable", data: {} }, registration.payPassword);
    const done = await disable(grant);
    expect(done.statusCode, done.body).toBe(200);
    expect(await status(auth)).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    const codesLeft = t.db.selectFrom("user_recovery_codes").selectAll().where("user_id", "=", userId);
    expect(await codesLeft.execute()).toEqual([]);
    expect((await login(registration.account, registration.password)).json().step).toBe("session");

    // Off already: a fresh grant is refused for the state, and stays unused for a retry.
    const fresh = await stepUp(auth, { kind: "totp.disable", data: {} }, registration.payPassword);
    const off = await disable(fresh);
    expect([off.statusCode, off.json().error.code]).toEqual([409, "TOTP_NOT_ENABLED"]);
    const unused = await t.db
      .selectFrom("step_up_grants")
      .select("used_at")
      .where("user_id", "=", userId)
      .where("kind", "=", "totp.disable")
      .execute();
    expect(unused.map((row) => row.used_at === null).sort()).toEqual([false, true]);
  });
});

describe("new recovery codes", () => {
  it("take a current code, replace the old ones, and count wrong codes toward the sign-in throttle", async () => {
    const { registration, auth, userId } = await registerAndLogin(t);
    const { secret, recoveryCodes: old } = await enrolUserTotp(t, auth);
    const renew = (code: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/v1/me/totp/recovery-codes",
        headers: auth,
        payload: { code },
      });

    const wrong = await renew("000000");
    expect([wrong.statusCode, wrong.json().error.code]).toEqual([400, "TOTP_CODE_WRONG"]);
    const failures = await t.db
      .selectFrom("sign_in_failures")
      .select("failures")
      .where("name", "=", registration.account.toLowerCase())
      .executeTakeFirst();
    expect(failures?.failures).toBe(1);

    const renewed = await renew(await unusedUserTotpCode(t.db, t.clock, userId, secret));
    expect(renewed.statusCode, renewed.body).toBe(200);
    const { recoveryCodes } = renewed.json<RecoveryCodesResponse>();
    expect(recoveryCodes).toHaveLength(10);
    expect(recoveryCodes).not.toEqual(expect.arrayContaining([old[0]]));

    const challenge = (await login(registration.account, registration.password)).json().challenge;
    const secondFactor = (recoveryCode: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/v1/auth/login/second-factor",
        payload: { challenge, recoveryCode },
      });
    expect((await secondFactor(old[0] ?? "")).json().error.code).toBe("SECOND_FACTOR_INVALID");
    expect((await secondFactor(recoveryCodes[0] ?? "")).statusCode).toBe(200);
  });

  it("are refused while two-step sign-in is off", async () => {
    const { auth } = await registerAndLogin(t);
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/v1/me/totp/recovery-codes",
      headers: auth,
      payload: { code: "123456" },
    });
    expect([refused.statusCode, refused.json().error.code]).toEqual([409, "TOTP_NOT_ENABLED"]);
  });
});
