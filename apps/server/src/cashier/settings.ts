import { type CashierSettings, cashierSettings, toMinor, withdrawalFee } from "@tickfair/contract";
import { recordAudit } from "../operators/service";
import type { Clock } from "../platform/clock";
import type { Db, Executor } from "../platform/db";
import type { Operator } from "../platform/schema";

export interface CashierRules {
  withdrawalFeeFixed: bigint;
  withdrawalFeeRateBps: number;
  withdrawalMinAmount: bigint;
  depositSecondApprovalAbove: bigint;
}

export const DEFAULT_CASHIER_SETTINGS: CashierSettings = {
  withdrawalFeeFixed: "0.00",
  withdrawalFeeRateBps: 0,
  withdrawalMinAmount: "10.00",
  depositSecondApprovalAbove: "10000.00",
};

const KEY = "cashier";

export async function readCashierSettings(db: Executor): Promise<CashierSettings> {
  const row = await db.selectFrom("settings").select("value").where("key", "=", KEY).executeTakeFirst();
  const parsed = cashierSettings.safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULT_CASHIER_SETTINGS;
}

export async function writeCashierSettings(db: Executor, settings: CashierSettings, at: Date): Promise<void> {
  await db
    .insertInto("settings")
    .values({ key: KEY, value: JSON.stringify(settings), updated_at: at })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: JSON.stringify(settings), updated_at: at }))
    .execute();
}

export async function cashierRules(db: Executor): Promise<CashierRules> {
  const settings = await readCashierSettings(db);
  return {
    withdrawalFeeFixed: toMinor(settings.withdrawalFeeFixed),
    withdrawalFeeRateBps: settings.withdrawalFeeRateBps,
    withdrawalMinAmount: toMinor(settings.withdrawalMinAmount),
    depositSecondApprovalAbove: toMinor(settings.depositSecondApprovalAbove),
  };
}

/** The withdrawal fee: a fixed part plus a rate in basis points of the amount, rounded down. */
export function withdrawalFeeFor(
  amount: bigint,
  rules: Pick<CashierRules, "withdrawalFeeFixed" | "withdrawalFeeRateBps">,
): bigint {
  return withdrawalFee(amount, rules.withdrawalFeeFixed, rules.withdrawalFeeRateBps);
}

/** An operator's change of the cashier settings, audited in the same transaction. */
export async function updateCashierSettings(
  db: Db,
  clock: Clock,
  operator: Operator,
  settings: CashierSettings,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await writeCashierSettings(tx, settings, clock.now());
    await recordAudit(tx, clock, {
      operatorId: operator.id,
      action: "cashier_settings.update",
      targetType: "settings",
      targetId: "cashier",
      detail: settings,
    });
  });
}
