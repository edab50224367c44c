import { passwordStepUp, withdrawalStepUp } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import { LOCK_AFTER, LOCK_MS } from "../platform/sign-in-throttle";
import { bindBankCard, postWithdrawal, toppedUpUser } from "../test/cashier-fixtures";
import { registerAndLogin, stepUpFor } from "../test/fixtures";
import { useTestApp } from "../test/harness";
import { PAY_LOCK_MS, PAY_PASSWORD_ATTEMPTS } from "./secrets";

const t = useTestApp();

type Headers = Record<string, string>;
/** A change sent with a step-up granted for it: only the old password is left to be judged. */
const changePassword = (
  auth: Headers,
  stepUp: Headers,
  type: "login" | "pay",
  oldPassword: string,
  newPassword: string,
) =>
  t.app.inject({
    method: "POST",
    url: "/api/v1/me/password",
    payload: { type, oldPassword, newPassword, confirmPassword: newPassword },
    headers: { ...auth, ...stepUp },
  });
const signIn = (account: string, password: string) =>
  t.app.inject({ method: "POST", url: "/api/v1/auth/login", payload: { account, password } });

describe("one throttle per secret, shared by every place that checks it", () => {
  it("the login password: wrong old passwords in the change form lock sign-in too, and the reverse", async () => {
    const { registration, auth } = await registerAndLogin(t);
    const granted = await stepUpFor(t.app, auth, passwordStepUp("login"), registration.payPassword);
    // Spread out, so only the count matters, not the growing delay between tries.
    for (let i = 0; i < LOCK_AFTER - 1; i += 1) {
      const wrong = await changePassword(auth, granted, "login", "not-my-password1", "brand-new-pass1");
      expect(wrong.json().error.code).toBe("OLD_PASSWORD_WRONG");
      t.clock.advance(60_000);
    }
    // The last allowed guess comes through the sign-in form and locks the secret everywhere.
    expect((await signIn(registration.account, "still-wrong-pass1")).statusCode).toBe(401);
    expect((await signIn(registration.account, registration.password)).statusCode).toBe(401);
    const locked = await changePassword(auth, granted, "login", registration.password, "brand-new-pass1");
    expect([locked.statusCode, locked.json().error.code]).toEqual([423, "PASSWORD_LOCKED"]);

    t.clock.advance(LOCK_MS + 1000);
    const again = await stepUpFor(t.app, auth, passwordStepUp("login"), registration.payPassword);
    const changed = await changePassword(auth, again, "login", registration.password, "brand-new-pass1");
    expect(changed.statusCode).toBe(200);
    expect((await signIn(registration.account, "brand-new-pass1")).statusCode).toBe(200);
  });

  it("the transaction password: guesses in the change form and at a step-up share one count", async () => {
    const user = await toppedUpUser(t, "300.00");
    await bindBankCard(t.app, user.auth);
    const stepUp = (payPassword: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/v1/me/step-up",
        payload: {
          action: withdrawalStepUp({ amount: "50.00" }),
          proof: { method: "payPassword", payPassword },
        },
        headers: user.auth,
      });
    // A grant proved before the guesses: a right password would reset the count.
    const granted = await stepUpFor(t.app, user.auth, passwordStepUp("pay"), user.registration.payPassword);
    for (let i = 0; i < PAY_PASSWORD_ATTEMPTS - 1; i += 1) {
      const wrong = await changePassword(user.auth, granted, "pay", "999999", "135790");
      expect(wrong.json().error).toMatchObject({
        code: "OLD_PASSWORD_WRONG",
        fields: { oldPassword: "OLD_PASSWORD_WRONG" },
      });
    }
    const fifth = await stepUp("999999");
    expect([fifth.statusCode, fifth.json().error.code]).toEqual([423, "WITHDRAWALS_LOCKED"]);
    const rightButLocked = await changePassword(
      user.auth,
      granted,
      "pay",
      user.registration.payPassword,
      "135790",
    );
    expect([rightButLocked.statusCode, rightButLocked.json().error.code]).toEqual([
      423,
      "WITHDRAWALS_LOCKED",
    ]);
    expect((await stepUp(user.registration.payPassword)).json().error.code).toBe("WITHDRAWALS_LOCKED");

    t.clock.advance(PAY_LOCK_MS + 1000);
    const again = await stepUpFor(t.app, user.auth, passwordStepUp("pay"), user.registration.payPassword);
    const changed = await changePassword(user.auth, again, "pay", user.registration.payPassword, "135790");
    expect(changed.statusCode, changed.body).toBe(200);
    const withdrawn = await postWithdrawal(t.app, user.auth, { amount: "50.00", payPassword: "135790" });
    expect(withdrawn.statusCode, withdrawn.body).toBe(201);
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
