import { describe, expect, it } from "vitest";
import { LOCK_AFTER, LOCK_MS } from "../platform/sign-in-throttle";
import { bindBankCard, key, toppedUpUser } from "../test/cashier-fixtures";
import { registerAndLogin } from "../test/fixtures";
import { useTestApp } from "../test/harness";
import { PAY_LOCK_MS, PAY_PASSWORD_ATTEMPTS } from "./secrets";

const t = useTestApp();

type Headers = Record<string, string>;
const changePassword = (auth: Headers, type: "login" | "pay", oldPassword: string, newPassword: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/v1/me/password",
    payload: { type, oldPassword, newPassword, confirmPassword: newPassword },
    headers: auth,
  });
const signIn = (account: string, password: string) =>
  t.app.inject({ method: "POST", url: "/api/v1/auth/login", payload: { account, password } });

describe("one throttle per secret, shared by every place that checks it", () => {
  it("the login password: wrong old passwords in the change form lock sign-in too, and the reverse", async () => {
    const { registration, auth } = await registerAndLogin(t);
    // Spread out, so only the count matters, not the growing delay between tries.
    for (let i = 0; i < LOCK_AFTER - 1; i += 1) {
      const wrong = await changePassword(auth, "login", "not-my-password1", "brand-new-pass1");
      expect(wrong.json().error.code).toBe("OLD_PASSWORD_WRONG");
      t.clock.advance(60_000);
    }
    // The last allowed guess comes through the sign-in form and locks the secret everywhere.
    expect((await signIn(registration.account, "still-wrong-pass1")).statusCode).toBe(401);
    expect((await signIn(registration.account, registration.password)).statusCode).toBe(401);
    const locked = await changePassword(auth, "login", registration.password, "brand-new-pass1");
    expect([locked.statusCode, locked.json().error.code]).toEqual([423, "PASSWORD_LOCKED"]);

    t.clock.advance(LOCK_MS + 1000);
    const changed = await changePassword(auth, "login", registration.password, "brand-new-pass1");
    expect(changed.statusCode).toBe(200);
    expect((await signIn(registration.account, "brand-new-pass1")).statusCode).toBe(200);
  });

  it("the transaction password: guesses in the change form and at withdrawal share one count", async () => {
    const user = await toppedUpUser(t, "300.00");
    await bindBankCard(t.app, user.auth);
    const withdraw = (payPassword: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/v1/cashier/withdrawals",
        payload: { amount: "50.00", payPassword },
        headers: { ...user.auth, "idempotency-key": key() },
      });
    for (let i = 0; i < PAY_PASSWORD_ATTEMPTS - 1; i += 1) {
      const wrong = await changePassword(user.auth, "pay", "999999", "135790");
      expect(wrong.json().error).toMatchObject({
        code: "OLD_PASSWORD_WRONG",
        fields: { oldPassword: "OLD_PASSWORD_WRONG" },
      });
    }
    const fifth = await withdraw("999999");
    expect([fifth.statusCode, fifth.json().error.code]).toEqual([423, "WITHDRAWALS_LOCKED"]);
    const rightButLocked = await changePassword(user.auth, "pay", user.registration.payPassword, "135790");
    expect([rightButLocked.statusCode, rightButLocked.json().error.code]).toEqual([
      423,
      "WITHDRAWALS_LOCKED",
    ]);
    expect((await withdraw(user.registration.payPassword)).json().error.code).toBe("WITHDRAWALS_LOCKED");

    t.clock.advance(PAY_LOCK_MS + 1000);
    expect((await changePassword(user.auth, "pay", user.registration.payPassword, "135790")).statusCode).toBe(
      200,
    );
    expect((await withdraw("135790")).statusCode).toBe(201);
  });
});

describe("sign-in failures on a name", () => {
  it("are counted alike whether an account has the name or not", async () => {
    const { registration } = await registerAndLogin(t);
    const unknown = `nobody_${Date.now() % 100000}`;
    for (let i = 0; i < 5; i += 1) {
      expect((await signIn(registration.account, "wrong-password1")).json().error.code).toBe(
        "INVALID_CREDENTIALS",
      );
      expect((await signIn(unknown, "wrong-password1")).json().error.code).toBe("INVALID_CREDENTIALS");
    }
    const rows = await t.db
      .selectFrom("sign_in_failures")
      .select(["name", "failures", "throttled_until"])
      .where("name", "in", [registration.account.toLowerCase(), unknown])
      .orderBy("name")
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows.map((row) => row.failures)).toEqual([5, 5]);
    expect(rows[0]?.throttled_until).toEqual(rows[1]?.throttled_until);
  });
});
