import { describe, expect, it } from "vitest";
import { PAY_LOCK_MS } from "../auth/secrets";
import { userBalances } from "../ledger/service";
import {
  BANK_CARD,
  bindBankCard,
  demoTopUp,
  key,
  operatorAuth,
  postWithdrawal,
  postWithdrawalAccount,
} from "../test/cashier-fixtures";
import { auditEntry, registerAndLogin } from "../test/fixtures";
import { useTestApp } from "../test/harness";

const t = useTestApp();

async function fundedUserWithCard(amount = "1000.00") {
  const user = await registerAndLogin(t);
  await demoTopUp(t.app, user.auth, amount);
  await bindBankCard(t.app, user.auth);
  return user;
}

const withdraw = (
  auth: Record<string, string>,
  amount: string,
  payPassword: string,
  idempotencyKey = key(),
) => postWithdrawal(t.app, auth, { amount, payPassword }, idempotencyKey);

const act = (
  auth: Record<string, string>,
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) => t.app.inject({ method: "POST", url, payload, headers: { ...auth, ...headers } });
/** The user's cancel of a withdrawal, under an idempotency key (a fresh one unless given). */
const cancel = (auth: Record<string, string>, id: string, idempotencyKey = key()) =>
  act(auth, `/api/v1/cashier/withdrawals/${id}/cancel`, undefined, { "idempotency-key": idempotencyKey });

describe("withdrawal accounts", () => {
  it("binds once, shows masked, and only an operator unbinds it, audited", async () => {
    const user = await registerAndLogin(t);
    const none = await t.app.inject({
      method: "GET",
      url: "/api/v1/cashier/withdrawal-account",
      headers: user.auth,
    });
    expect(none.json()).toEqual({ account: null });
    const bound = await postWithdrawalAccount(t.app, user.auth, BANK_CARD);
    expect(bound.json().account).toMatchObject({
      type: "bank",
      cardNumber: "********7890",
      bankName: "Bank of Testing",
    });
    const again = await postWithdrawalAccount(t.app, user.auth, {
      ...BANK_CARD,
      cardNumber: "6222999988887777",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("WITHDRAWAL_ACCOUNT_LOCKED");

    const finance = await operatorAuth(t, "finance");
    const url = `/api/v1/operator/users/${user.userId}/withdrawal-account`;
    expect(
      (await t.app.inject({ method: "DELETE", url, headers: finance.headers, payload: { reason: "asked" } }))
        .statusCode,
    ).toBe(403);
    const support = await operatorAuth(t, "support");
    const unbound = await t.app.inject({
      method: "DELETE",
      url,
      headers: support.headers,
      payload: { reason: "User asked by phone, identity checked" },
    });
    expect(unbound.statusCode).toBe(200);
    const audit = await auditEntry(t.db, "withdrawal_account.unbind");
    expect(audit).toMatchObject({
      target_id: String(user.userId),
      reason: "User asked by phone, identity checked",
    });
    expect(
      (
        await postWithdrawalAccount(t.app, user.auth, {
          ...BANK_CARD,
          cardNumber: "6222999988887777",
        })
      ).statusCode,
    ).toBe(201);
  });

  it("validates every field and names each one at fault", async () => {
    const user = await registerAndLogin(t);
    const bank = await postWithdrawalAccount(t.app, user.auth, {
      type: "bank",
      accountName: "",
      nationality: "",
      bankName: "",
      cardNumber: "12ab",
      bankAddress: "",
    });
    expect(bank.statusCode).toBe(400);
    expect(bank.json().error.fields).toEqual({
      accountName: "ACCOUNT_NAME_INVALID",
      nationality: "NATIONALITY_INVALID",
      bankName: "BANK_NAME_INVALID",
      cardNumber: "CARD_NUMBER_INVALID",
      bankAddress: "BANK_ADDRESS_INVALID",
    });
    const crypto = await postWithdrawalAccount(t.app, user.auth, {
      type: "crypto",
      network: "TRC20",
      address: "0x1234",
    });
    expect(crypto.json().error.fields).toEqual({ address: "CRYPTO_ADDRESS_INVALID" });
    const network = await postWithdrawalAccount(t.app, user.auth, {
      type: "crypto",
      network: "DOGE",
      address: "x",
    });
    expect(network.json().error.fields).toMatchObject({ network: "NETWORK_INVALID" });
    const ok = await postWithdrawalAccount(t.app, user.auth, {
      type: "crypto",
      network: "ERC20",
      address: `0x${"ab".repeat(20)}`,
    });
    expect(ok.json().account).toMatchObject({ type: "crypto", network: "ERC20", address: "0xabab…ababab" });
  });
});

describe("withdrawals", () => {
  it("freezes the amount under review, and an operator's approval pays it out", async () => {
    const user = await fundedUserWithCard();
    const created = await withdraw(user.auth, "300.00", user.registration.payPassword);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      status: "under_review",
      amount: "300.00",
      fee: "0.00",
      netAmount: "300.00",
      orderNo: expect.stringMatching(/^W\d{10}$/),
    });
    let balances = await userBalances(t.db, user.userId);
    expect([balances.cash, balances.frozen_withdrawal]).toEqual([70_000n, 30_000n]);
    const me = await t.app.inject({ method: "GET", url: "/api/v1/me", headers: user.auth });
    expect(me.json().summary).toMatchObject({
      available: "700.00",
      frozen: "300.00",
      totalAssets: "1000.00",
    });

    const finance = await operatorAuth(t);
    const approved = await act(finance.headers, `/api/v1/operator/withdrawals/${created.json().id}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: "success", payTo: { cardNumber: "6222021234567890" } });
    balances = await userBalances(t.db, user.userId);
    expect([balances.cash, balances.frozen_withdrawal]).toEqual([70_000n, 0n]);

    for (const [url, code] of [
      [`/api/v1/operator/withdrawals/${created.json().id}/approve`, "ALREADY_REVIEWED"],
      [`/api/v1/operator/withdrawals/${created.json().id}/reject`, "ALREADY_REVIEWED"],
    ] as const) {
      const response = await act(finance.headers, url, { reason: "Reviewed twice" });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.code).toBe(code);
    }
    const cancelAfter = await cancel(user.auth, created.json().id);
    expect(cancelAfter.statusCode).toBe(409);
    expect(cancelAfter.json().error.code).toBe("NOT_UNDER_REVIEW");
    expect((await userBalances(t.db, user.userId)).cash).toBe(70_000n);
  });

  it("returns the money on cancel or rejection, and refuses every later transition", async () => {
    const user = await fundedUserWithCard();
    const finance = await operatorAuth(t);
    const first = await withdraw(user.auth, "100.00", user.registration.payPassword);
    const cancelled = await cancel(user.auth, first.json().id);
    expect(cancelled.json().status).toBe("cancelled");
    expect((await userBalances(t.db, user.userId)).cash).toBe(100_000n);
    const approveCancelled = await act(
      finance.headers,
      `/api/v1/operator/withdrawals/${first.json().id}/approve`,
    );
    expect(approveCancelled.statusCode).toBe(409);
    expect(approveCancelled.json().error.code).toBe("NOT_UNDER_REVIEW");

    const second = await withdraw(user.auth, "200.00", user.registration.payPassword);
    const rejected = await act(finance.headers, `/api/v1/operator/withdrawals/${second.json().id}/reject`, {
      reason: "Name does not match",
    });
    expect(rejected.json()).toMatchObject({ status: "failed", reason: "Name does not match" });
    expect((await userBalances(t.db, user.userId)).cash).toBe(100_000n);
    const cancelRejected = await cancel(user.auth, second.json().id);
    expect(cancelRejected.statusCode).toBe(409);
    const list = await t.app.inject({
      method: "GET",
      url: "/api/v1/cashier/withdrawals",
      headers: user.auth,
    });
    expect(list.json().items.map((w: { status: string }) => w.status)).toEqual(["failed", "cancelled"]);
  });

  it("takes the fee from the amount at payout", async () => {
    const user = await fundedUserWithCard();
    const admin = await operatorAuth(t, "admin");
    const settings = {
      withdrawalFeeFixed: "1.00",
      withdrawalFeeRateBps: 50,
      withdrawalMinAmount: "10.00",
      depositSecondApprovalAbove: "10000.00",
    };
    expect(
      (
        await t.app.inject({
          method: "PUT",
          url: "/api/v1/operator/cashier-settings",
          payload: settings,
          headers: admin.headers,
        })
      ).statusCode,
    ).toBe(200);
    const created = await withdraw(user.auth, "200.00", user.registration.payPassword);
    expect(created.json()).toMatchObject({ fee: "2.00", netAmount: "198.00" });
    await act(admin.headers, `/api/v1/operator/withdrawals/${created.json().id}/approve`);
    const fees = await t.db
      .selectFrom("ledger_entries as e")
      .innerJoin("accounts as a", "a.id", "e.account_id")
      .where("a.kind", "=", "fees")
      .select((eb) => eb.fn.sum<string>("e.amount").as("total"))
      .executeTakeFirstOrThrow();
    expect(BigInt(fees.total)).toBe(200n);
    // Lowering the minimum and the fees weakens the cashier's controls: a second admin approves.
    const checker = await operatorAuth(t, "admin");
    const changeApproved = async (payload: typeof settings) => {
      const proposed = await t.app.inject({
        method: "PUT",
        url: "/api/v1/operator/cashier-settings",
        payload,
        headers: admin.headers,
      });
      expect(proposed.statusCode).toBe(202);
      const approved = await act(
        checker.headers,
        `/api/v1/operator/cashier-settings/changes/${proposed.json().id}/approve`,
      );
      expect(approved.statusCode).toBe(200);
    };
    await changeApproved({ ...settings, withdrawalMinAmount: "0.50" });
    const feeEatsAll = await withdraw(user.auth, "1.00", user.registration.payPassword);
    expect(feeEatsAll.statusCode).toBe(400);
    expect(feeEatsAll.json().error.code).toBe("AMOUNT_NOT_ABOVE_FEE");
    await changeApproved({ ...settings, withdrawalFeeFixed: "0.00", withdrawalFeeRateBps: 0 });
  });

  it("needs a bound account, the right transaction password, and locks after five wrong ones", async () => {
    const bare = await registerAndLogin(t);
    const noAccount = await withdraw(bare.auth, "20.00", bare.registration.payPassword);
    expect(noAccount.json().error.code).toBe("WITHDRAWAL_ACCOUNT_REQUIRED");

    const user = await fundedUserWithCard();
    for (let i = 1; i <= 4; i += 1) {
      const wrong = await withdraw(user.auth, "20.00", "000000");
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error).toMatchObject({
        code: "PAY_PASSWORD_WRONG",
        fields: { payPassword: "PAY_PASSWORD_WRONG" },
      });
    }
    const fifth = await withdraw(user.auth, "20.00", "000000");
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json().error.code).toBe("WITHDRAWALS_LOCKED");
    const rightButLocked = await withdraw(user.auth, "20.00", user.registration.payPassword);
    expect(rightButLocked.json().error.code).toBe("WITHDRAWALS_LOCKED");
    const quote = await t.app.inject({
      method: "GET",
      url: "/api/v1/cashier/withdrawals/quote",
      headers: user.auth,
    });
    expect(quote.json().lockedUntil).not.toBeNull();
    t.clock.advance(PAY_LOCK_MS + 1000);
    expect((await withdraw(user.auth, "20.00", user.registration.payPassword)).statusCode).toBe(201);
    expect((await userBalances(t.db, user.userId)).cash).toBe(98_000n);
  });

  it("never overdraws when 100 withdrawals race one balance", async () => {
    const user = await fundedUserWithCard("1000.00");
    const results = await Promise.all(
      Array.from({ length: 100 }, () => withdraw(user.auth, "30.00", user.registration.payPassword)),
    );
    const ok = results.filter((r) => r.statusCode === 201);
    expect(ok).toHaveLength(33);
    for (const r of results.filter((r) => r.statusCode !== 201))
      expect(r.json().error.code).toBe("INSUFFICIENT_BALANCE");
    const balances = await userBalances(t.db, user.userId);
    expect([balances.cash, balances.frozen_withdrawal]).toEqual([1_000n, 99_000n]);
    const rows = await t.db
      .selectFrom("withdrawals")
      .select("id")
      .where("user_id", "=", user.userId)
      .execute();
    expect(rows).toHaveLength(33);
  });

  it("replays retries with the same key and refuses the key for another request", async () => {
    const user = await fundedUserWithCard();
    const k = key();
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => withdraw(user.auth, "50.00", user.registration.payPassword, k)),
    );
    expect(new Set(replies.map((r) => r.json().id)).size).toBe(1);
    expect((await userBalances(t.db, user.userId)).cash).toBe(95_000n);
    const other = await withdraw(user.auth, "60.00", user.registration.payPassword, k);
    expect(other.statusCode).toBe(422);
    expect(other.json().error.code).toBe("IDEMPOTENCY_KEY_REUSED");
    const cancelKey = key();
    const cancels = await Promise.all(
      Array.from({ length: 5 }, () => cancel(user.auth, replies[0]?.json().id, cancelKey)),
    );
    expect(cancels.map((c) => c.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect((await userBalances(t.db, user.userId)).cash).toBe(100_000n);
  });

  it("keeps users apart: nobody sees or cancels another's withdrawal", async () => {
    const a = await fundedUserWithCard();
    const b = await fundedUserWithCard();
    const created = await withdraw(a.auth, "40.00", a.registration.payPassword);
    const listB = await t.app.inject({ method: "GET", url: "/api/v1/cashier/withdrawals", headers: b.auth });
    expect(listB.json().items).toEqual([]);
    const cancelByB = await cancel(b.auth, created.json().id);
    expect(cancelByB.statusCode).toBe(404);
    expect((await userBalances(t.db, a.userId)).frozen_withdrawal).toBe(4_000n);
  });

  it("answers bad amounts with a code and moves nothing", async () => {
    const user = await fundedUserWithCard();
    for (const [amount, code] of [
      ["0", "AMOUNT_INVALID"],
      ["-5", "AMOUNT_INVALID"],
      ["1.001", "AMOUNT_INVALID"],
      ["abc", "AMOUNT_INVALID"],
      ["5.00", "AMOUNT_BELOW_MINIMUM"],
      ["1000.01", "INSUFFICIENT_BALANCE"],
    ] as const) {
      const response = await withdraw(user.auth, amount, user.registration.payPassword);
      expect(response.statusCode, amount).toBe(400);
      expect(response.json().error.code, amount).toBe(code);
    }
    const missingKey = await t.app.inject({
      method: "POST",
      url: "/api/v1/cashier/withdrawals",
      payload: { amount: "20.00" },
      headers: user.auth,
    });
    expect(missingKey.json().error.code).toBe("IDEMPOTENCY_KEY_REQUIRED");
    expect((await userBalances(t.db, user.userId)).cash).toBe(100_000n);
  });
});
