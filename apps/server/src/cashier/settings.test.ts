import type { CashierSettings } from "@tickfair/contract";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { userBalances } from "../ledger/service";
import {
  bankMethod,
  bindBankCard,
  key,
  operatorAuth,
  postWithdrawal,
  toppedUpUser,
} from "../test/cashier-fixtures";
import { registerAndLogin } from "../test/fixtures";
import { useTestApp } from "../test/harness";
import { cashierSettingsWeakenings, DEFAULT_CASHIER_SETTINGS, readCashierSettings } from "./settings";

const t = useTestApp();

type Headers = Record<string, string>;

const putSettings = (headers: Headers, payload: unknown) =>
  t.app.inject({
    method: "PUT",
    url: "/api/v1/operator/cashier-settings",
    payload: payload as object,
    headers,
  });
const decide = (headers: Headers, id: string, decision: "approve" | "reject", reason?: string) =>
  t.app.inject({
    method: "POST",
    url: `/api/v1/operator/cashier-settings/changes/${id}/${decision}`,
    ...(reason ? { payload: { reason } } : {}),
    headers,
  });
const auditActions = async () =>
  (await t.db.selectFrom("audit_log").select("action").orderBy("id").execute()).map((row) => row.action);

async function resetSettings() {
  await sql`delete from settings where key = 'cashier'`.execute(t.db);
}

describe("which changes weaken the cashier's controls", () => {
  const base = DEFAULT_CASHIER_SETTINGS;
  it("names a higher threshold, a lower minimum and lower fees; a tightening names nothing", () => {
    expect(cashierSettingsWeakenings(base, { ...base, depositSecondApprovalAbove: "10000.01" })).toEqual([
      "depositSecondApprovalAbove",
    ]);
    expect(cashierSettingsWeakenings(base, { ...base, withdrawalMinAmount: "9.99" })).toEqual([
      "withdrawalMinAmount",
    ]);
    const withFees: CashierSettings = { ...base, withdrawalFeeFixed: "2.00", withdrawalFeeRateBps: 30 };
    expect(cashierSettingsWeakenings(withFees, base)).toEqual(["withdrawalFeeFixed", "withdrawalFeeRateBps"]);
    expect(
      cashierSettingsWeakenings(base, {
        withdrawalFeeFixed: "1.00",
        withdrawalFeeRateBps: 10,
        withdrawalMinAmount: "20.00",
        depositSecondApprovalAbove: "5000.00",
      }),
    ).toEqual([]);
  });
});

describe("cashier settings under maker-checker", () => {
  it("applies a tightening at once, audited with what it replaced", async () => {
    await resetSettings();
    const finance = await operatorAuth(t, "finance");
    const tighter = {
      ...DEFAULT_CASHIER_SETTINGS,
      depositSecondApprovalAbove: "5000.00",
      withdrawalFeeFixed: "1.00",
    };
    const response = await putSettings(finance.headers, tighter);
    expect(response.statusCode).toBe(200);
    expect(await readCashierSettings(t.db)).toEqual(tighter);
    const audit = await t.db
      .selectFrom("audit_log")
      .select("detail")
      .where("action", "=", "cashier_settings.update")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(audit.detail).toEqual({ before: DEFAULT_CASHIER_SETTINGS, after: tighter });
  });

  it("holds a weakening until another admin approves it; the proposer and non-admins cannot", async () => {
    await resetSettings();
    const maker = await operatorAuth(t, "admin");
    const finance = await operatorAuth(t, "finance");
    const checker = await operatorAuth(t, "admin");
    const looser = { ...DEFAULT_CASHIER_SETTINGS, depositSecondApprovalAbove: "50000.00" };

    const proposed = await putSettings(maker.headers, looser);
    expect(proposed.statusCode).toBe(202);
    expect(proposed.json()).toMatchObject({
      subject: "cashier_settings",
      status: "pending",
      weakens: ["depositSecondApprovalAbove"],
      proposedBy: maker.username,
    });
    expect(await readCashierSettings(t.db)).toEqual(DEFAULT_CASHIER_SETTINGS);
    const id = proposed.json().id;

    const self = await decide(maker.headers, id, "approve");
    expect([self.statusCode, self.json().error.code]).toEqual([403, "CHANGE_NEEDS_ANOTHER_ADMIN"]);
    const notAdmin = await decide(finance.headers, id, "approve");
    expect([notAdmin.statusCode, notAdmin.json().error.code]).toEqual([403, "OPERATOR_ROLE_FORBIDDEN"]);
    expect(await readCashierSettings(t.db)).toEqual(DEFAULT_CASHIER_SETTINGS);

    const pending = await t.app.inject({
      method: "GET",
      url: "/api/v1/operator/control-changes?status=pending",
      headers: finance.headers,
    });
    expect(pending.json().items.map((item: { id: string }) => item.id)).toContain(id);
    // Narrowed to what a change is about: the settings page asks only for the cashier's.
    const bySubject = async (subject: string) =>
      (
        await t.app.inject({
          method: "GET",
          url: `/api/v1/operator/control-changes?status=pending&subject=${subject}`,
          headers: finance.headers,
        })
      ).json<{ items: { id: string; subject: string }[] }>().items;
    expect((await bySubject("cashier_settings")).map((item) => item.id)).toContain(id);
    expect(await bySubject("operator_role")).toEqual([]);

    const approved = await decide(checker.headers, id, "approve");
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: "approved", decidedBy: checker.username });
    expect(await readCashierSettings(t.db)).toEqual(looser);
    const twice = await decide(checker.headers, id, "approve");
    expect([twice.statusCode, twice.json().error.code]).toEqual([409, "ALREADY_REVIEWED"]);

    const actions = await auditActions();
    expect(actions).toContain("cashier_settings.propose");
    expect(actions).toContain("cashier_settings.approve");
  });

  it("refuses to approve a proposal the settings have moved away from, and rejects with a reason", async () => {
    await resetSettings();
    const maker = await operatorAuth(t, "finance");
    const checker = await operatorAuth(t, "admin");
    const proposed = await putSettings(maker.headers, {
      ...DEFAULT_CASHIER_SETTINGS,
      withdrawalMinAmount: "1.00",
    });
    expect(proposed.statusCode).toBe(202);
    // A tightening lands meanwhile; approving the old proposal would silently undo it.
    const tightened = { ...DEFAULT_CASHIER_SETTINGS, withdrawalFeeFixed: "3.00" };
    expect((await putSettings(maker.headers, tightened)).statusCode).toBe(200);
    const stale = await decide(checker.headers, proposed.json().id, "approve");
    expect([stale.statusCode, stale.json().error.code]).toEqual([409, "CHANGE_STALE"]);
    expect(await readCashierSettings(t.db)).toEqual(tightened);

    const blank = await decide(checker.headers, proposed.json().id, "reject", "  ");
    expect([blank.statusCode, blank.json().error.code]).toEqual([400, "REASON_REQUIRED"]);
    const rejected = await decide(checker.headers, proposed.json().id, "reject", "Minimum stays at ten");
    expect(rejected.json()).toMatchObject({ status: "rejected", reason: "Minimum stays at ten" });
  });

  it("refuses settings out of bounds and changes nothing", async () => {
    await resetSettings();
    const admin = await operatorAuth(t, "admin");
    for (const bad of [
      { withdrawalFeeFixed: "-1.00" },
      { withdrawalMinAmount: "-5.00" },
      { withdrawalMinAmount: "0.00" },
      { depositSecondApprovalAbove: "-0.01" },
      { depositSecondApprovalAbove: "100000000.01" },
      { withdrawalFeeRateBps: -1 },
      { withdrawalFeeRateBps: 10_001 },
    ]) {
      const response = await putSettings(admin.headers, { ...DEFAULT_CASHIER_SETTINGS, ...bad });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json().error.code).toEqual(expect.any(String));
    }
    expect(await readCashierSettings(t.db)).toEqual(DEFAULT_CASHIER_SETTINGS);
    expect(
      await t.db.selectFrom("control_changes").selectAll().where("status", "=", "pending").execute(),
    ).toEqual([]);
  });

  it("never trusts a stored setting out of bounds: withdrawals go on under the defaults", async () => {
    await resetSettings();
    await sql`insert into settings (key, value, updated_at) values ('cashier', ${JSON.stringify({
      ...DEFAULT_CASHIER_SETTINGS,
      withdrawalFeeFixed: "-5.00",
    })}, now())`.execute(t.db);
    expect(await readCashierSettings(t.db)).toEqual(DEFAULT_CASHIER_SETTINGS);
    const user = await toppedUpUser(t, "500.00");
    await bindBankCard(t.app, user.auth);
    const withdrawal = await postWithdrawal(t.app, user.auth, {
      amount: "100.00",
      payPassword: user.registration.payPassword,
    });
    expect(withdrawal.statusCode).toBe(201);
    expect(withdrawal.json()).toMatchObject({ fee: "0.00", netAmount: "100.00" });
    await resetSettings();
  });
});

describe("a deposit's second approval", () => {
  const requestDeposit = async (auth: Headers, methodId: string, amount: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/v1/cashier/deposits",
      payload: { methodId, amount, reference: "transfer" },
      headers: { ...auth, "idempotency-key": key() },
    });
  const confirm = (headers: Headers, id: string) =>
    t.app.inject({ method: "POST", url: `/api/v1/operator/deposits/${id}/confirm`, headers });

  it("cannot be bypassed by one operator raising the threshold", async () => {
    await resetSettings();
    const { auth, userId } = await registerAndLogin(t);
    const method = await bankMethod(t);
    const deposit = await requestDeposit(auth, method.id, "20000.00");
    expect(deposit.statusCode).toBe(201);
    const alone = await operatorAuth(t, "admin");
    const raised = await putSettings(alone.headers, {
      ...DEFAULT_CASHIER_SETTINGS,
      depositSecondApprovalAbove: "1000000.00",
    });
    expect(raised.statusCode).toBe(202);
    const first = await confirm(alone.headers, deposit.json().id);
    expect(first.statusCode).toBe(202);
    expect((await userBalances(t.db, userId)).cash).toBe(0n);
  });

  it("keeps the threshold in force when the deposit was made", async () => {
    await resetSettings();
    const { auth, userId } = await registerAndLogin(t);
    const method = await bankMethod(t);
    const before = await requestDeposit(auth, method.id, "20000.00");
    const maker = await operatorAuth(t, "admin");
    const checker = await operatorAuth(t, "admin");
    const raised = await putSettings(maker.headers, {
      ...DEFAULT_CASHIER_SETTINGS,
      depositSecondApprovalAbove: "1000000.00",
    });
    expect((await decide(checker.headers, raised.json().id, "approve")).statusCode).toBe(200);
    const after = await requestDeposit(auth, method.id, "20000.00");

    expect((await confirm(maker.headers, before.json().id)).statusCode).toBe(202);
    expect((await userBalances(t.db, userId)).cash).toBe(0n);
    expect((await confirm(maker.headers, after.json().id)).statusCode).toBe(200);
    expect((await userBalances(t.db, userId)).cash).toBe(2_000_000n);
    expect((await confirm(checker.headers, before.json().id)).statusCode).toBe(200);
    expect((await userBalances(t.db, userId)).cash).toBe(4_000_000n);
    await resetSettings();
  });
});
