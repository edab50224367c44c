import type { MeResponse } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import { LOCK_MS } from "../platform/sign-in-throttle";
import {
  changePassword,
  ensureInviteCode,
  INVITE,
  newRegistration,
  postRaw,
  registerAndLogin,
  signIn,
} from "../test/fixtures";
import { useTestApp } from "../test/harness";

const t = useTestApp();
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: `/api/v1${url}`, payload, headers });

describe("registration", () => {
  it("checks step 1 and answers each problem as a field error", async () => {
    await ensureInviteCode(t);
    const ok = await post("/auth/register/check", {
      account: "alice_01",
      phoneCountry: "CN",
      nationality: "CN",
      phone: "13912345678",
      inviteCode: INVITE,
    });
    expect(ok.statusCode).toBe(200);

    const empty = await post("/auth/register/check", {
      account: "",
      phoneCountry: "CN",
      nationality: "CN",
      phone: "",
      inviteCode: "",
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatchObject({
      code: "VALIDATION_FAILED",
      fields: { account: "REQUIRED", phone: "REQUIRED", inviteCode: "REQUIRED" },
    });

    const bad = await post("/auth/register/check", {
      account: "ab",
      phoneCountry: "CN",
      nationality: "CN",
      phone: "12912345678",
      inviteCode: "NOPE",
    });
    expect(bad.json().error.fields).toEqual({
      account: "ACCOUNT_ID_INVALID",
      phone: "PHONE_INVALID",
      inviteCode: "INVITE_CODE_INVALID",
    });
  });

  it("registers in two steps, gives the user an own code, and refuses a taken account or phone", async () => {
    await ensureInviteCode(t);
    const registration = newRegistration();
    const created = await post("/auth/register", registration);
    expect(created.statusCode).toBe(201);
    const { user } = created.json();
    expect(user.account).toBe(registration.account);
    expect(user.inviteCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(user.phone).not.toContain(registration.phone);

    const again = await post("/auth/register", {
      ...registration,
      account: registration.account.toUpperCase(),
    });
    expect(again.json().error.fields).toMatchObject({ account: "ACCOUNT_TAKEN", phone: "PHONE_TAKEN" });

    const viaOwnCode = await post("/auth/register", newRegistration({ inviteCode: user.inviteCode }));
    expect(viaOwnCode.statusCode).toBe(201);
  });

  it("checks passwords and their confirmations in step 2", async () => {
    await ensureInviteCode(t);
    const mismatch = await post(
      "/auth/register",
      newRegistration({ passwordConfirm: "other-pass", payPasswordConfirm: "111111" }),
    );
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.fields).toEqual({
      passwordConfirm: "PASSWORDS_DO_NOT_MATCH",
      payPasswordConfirm: "PAY_PASSWORDS_DO_NOT_MATCH",
    });
    const weak = await post(
      "/auth/register",
      newRegistration({
        password: "123",
        passwordConfirm: "123",
        payPassword: "12ab56",
        payPasswordConfirm: "12ab56",
      }),
    );
    expect(weak.json().error.fields).toEqual({
      password: "PASSWORD_INVALID",
      payPassword: "PAY_PASSWORD_INVALID",
    });
    const users = await t.db.selectFrom("users").select("id").where("account", "=", "nobody").execute();
    expect(users).toEqual([]);
  });

  it("uses up a limited code exactly, even when registrations race for its last use", async () => {
    await ensureInviteCode(t, "ONCEONLY", 1);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => post("/auth/register", newRegistration({ inviteCode: "ONCEONLY" }))),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const r of results.filter((r) => r.statusCode !== 201)) {
      expect(r.json().error.fields.inviteCode).toBe("INVITE_CODE_USED_UP");
    }
  });

  it("answers malformed bodies with a 4xx code, never a 500", async () => {
    for (const payload of [{}, { account: 5 }, { account: "x".repeat(500) }, { phoneCountry: "XX" }]) {
      const response = await post("/auth/register", payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toMatch(/^[A-Z_]+$/);
    }
    const notJson = await postRaw(t.app, "/api/v1/auth/login", "{oops", "application/json");
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().error.code).toBe("VALIDATION_FAILED");
  });
});

describe("sessions", () => {
  it("logs in, shows the user's figures, and logs out", async () => {
    const { auth, registration } = await registerAndLogin(t);
    const me = await t.app.inject({ method: "GET", url: "/api/v1/me", headers: auth });
    expect(me.statusCode).toBe(200);
    const body = me.json<MeResponse>();
    expect(body.user.account).toBe(registration.account);
    expect(body.summary).toEqual({
      totalAssets: "0.00",
      available: "0.00",
      frozen: "0.00",
      savings: "0.00",
      accountPnl: "0.00",
      todayPnl: "0.00",
    });
    expect(body.user).toMatchObject({ creditScore: 100, verified: false });

    expect((await post("/auth/logout", {}, auth)).statusCode).toBe(200);
    const after = await t.app.inject({ method: "GET", url: "/api/v1/me", headers: auth });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe("UNAUTHENTICATED");
  });

  it("answers a wrong password and an unknown account alike, in the caller's language", async () => {
    const { registration } = await registerAndLogin(t);
    const wrong = await post(
      "/auth/login",
      { account: registration.account, password: "wrong-pass" },
      { "accept-language": "en" },
    );
    const unknown = await post(
      "/auth/login",
      { account: "nosuchuser", password: "wrong-pass" },
      { "accept-language": "en" },
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error.message).toBe("Wrong account or password.");
    const zh = await post(
      "/auth/login",
      { account: "nosuchuser", password: "x" },
      { "accept-language": "zh-CN" },
    );
    expect(zh.json().error.message).toBe("账号或密码错误。");
  });

  it("slows down after 5 failures and locks for 15 minutes after 10, without saying so", async () => {
    const { registration } = await registerAndLogin(t);
    const attempt = (password: string) => post("/auth/login", { account: registration.account, password });
    for (let i = 0; i < 5; i += 1) expect((await attempt("wrong")).statusCode).toBe(401);
    // Throttled: even the right password is refused until the delay passes, with the same answer.
    const throttled = await attempt(registration.password);
    expect(throttled.statusCode).toBe(401);
    expect(throttled.json().error.code).toBe("INVALID_CREDENTIALS");
    t.clock.advance(1_500);
    expect((await attempt(registration.password)).statusCode).toBe(200);

    for (let i = 0; i < 10; i += 1) {
      await attempt("wrong");
      t.clock.advance(20_000);
    }
    t.clock.advance(-20_000);
    expect((await attempt(registration.password)).statusCode).toBe(401);
    t.clock.advance(LOCK_MS - 60_000);
    expect((await attempt(registration.password)).statusCode).toBe(401);
    t.clock.advance(61_000);
    expect((await attempt(registration.password)).statusCode).toBe(200);
  });

  it("expires idle sessions and slides the expiry of used ones", async () => {
    const { auth } = await registerAndLogin(t);
    const day = 24 * 60 * 60_000;
    t.clock.advance(6 * day);
    expect((await t.app.inject({ method: "GET", url: "/api/v1/me", headers: auth })).statusCode).toBe(200);
    t.clock.advance(6 * day);
    expect((await t.app.inject({ method: "GET", url: "/api/v1/me", headers: auth })).statusCode).toBe(200);
    t.clock.advance(8 * day);
    expect((await t.app.inject({ method: "GET", url: "/api/v1/me", headers: auth })).statusCode).toBe(401);
  });

  it("rejects missing, malformed and forged tokens", async () => {
    for (const authorization of ["", "Bearer", "Bearer short", `Bearer ${"A".repeat(43)}`, "Basic abc"]) {
      const response = await t.app.inject({ method: "GET", url: "/api/v1/me", headers: { authorization } });
      expect(response.statusCode).toBe(401);
    }
  });
});

describe("password changes", () => {
  it("changes the login password with the old one and ends the user's other sessions", async () => {
    const { auth, registration } = await registerAndLogin(t);
    const { auth: otherAuth } = await signIn(t.app, registration);

    const wrongOld = await changePassword(t.app, auth, "login", "nope-nope", "brand-new-1");
    expect(wrongOld.json().error.fields).toEqual({ oldPassword: "OLD_PASSWORD_WRONG" });
    const mismatch = await changePassword(
      t.app,
      auth,
      "login",
      registration.password,
      "brand-new-1",
      "brand-new-2",
    );
    expect(mismatch.json().error.fields).toEqual({ confirmPassword: "PASSWORDS_DO_NOT_MATCH" });

    const changed = await changePassword(t.app, auth, "login", registration.password, "brand-new-1");
    expect(changed.statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/v1/me", headers: auth })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/v1/me", headers: otherAuth })).statusCode).toBe(
      401,
    );
    expect(
      (await post("/auth/login", { account: registration.account, password: registration.password }))
        .statusCode,
    ).toBe(401);
    expect(
      (await post("/auth/login", { account: registration.account, password: "brand-new-1" })).statusCode,
    ).toBe(200);
  });

  it("changes the 6-digit transaction password with the old one", async () => {
    const { auth, registration } = await registerAndLogin(t);
    const bad = await changePassword(t.app, auth, "pay", registration.payPassword, "12345");
    expect(bad.json().error.fields).toEqual({ newPassword: "PAY_PASSWORD_INVALID" });
    const same = await changePassword(t.app, auth, "pay", registration.payPassword, registration.payPassword);
    expect(same.json().error.fields).toEqual({ newPassword: "NEW_PASSWORD_SAME" });
    const ok = await changePassword(t.app, auth, "pay", registration.payPassword, "135790");
    expect(ok.statusCode).toBe(200);
    // The app proves with the old password first; a wrong one is refused there.
    const again = await changePassword(t.app, auth, "pay", registration.payPassword, "999999");
    expect(again.json().error.fields).toEqual({ payPassword: "PAY_PASSWORD_WRONG" });
    // A step-up proved otherwise still leaves the old password to be checked.
    const stale = await changePassword(
      t.app,
      auth,
      "pay",
      registration.payPassword,
      "999999",
      "999999",
      "135790",
    );
    expect(stale.json().error.fields).toEqual({ oldPassword: "OLD_PASSWORD_WRONG" });
  });
});
