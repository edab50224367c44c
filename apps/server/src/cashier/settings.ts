import {
  type CashierSettings,
  type ControlChange,
  cashierSettings,
  toMinor,
  withdrawalFee,
} from "@tickfair/contract";
import { applyControlChange, type ControlSubject, proposeControlChange } from "../audit";
import type { Clock } from "../platform/clock";
import type { Db, Executor } from "../platform/db";
import type { Operator } from "../platform/schema";
import { settingStore } from "../platform/settings";

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

const store = settingStore("cashier", cashierSettings, DEFAULT_CASHIER_SETTINGS);

export function readCashierSettings(db: Executor): Promise<CashierSettings> {
  return store.read(db);
}

export function writeCashierSettings(db: Executor, settings: CashierSettings, at: Date): Promise<void> {
  return store.write(db, settings, at);
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

/** The cashier settings as a control that operators change under maker-checker. */
export const cashierSettingsControl: ControlSubject<CashierSettings> = {
  subject: "cashier_settings",
  read: readCashierSettings,
  write: writeCashierSettings,
};

/**
 * The settings whose change makes the cashier's controls weaker: a higher review threshold, a lower
 * minimum withdrawal, lower fees. Those need a second admin; a tightening applies at once.
 */
export function cashierSettingsWeakenings(current: CashierSettings, next: CashierSettings): string[] {
  const weaker: string[] = [];
  if (toMinor(next.depositSecondApprovalAbove) > toMinor(current.depositSecondApprovalAbove))
    weaker.push("depositSecondApprovalAbove");
  if (toMinor(next.withdrawalMinAmount) < toMinor(current.withdrawalMinAmount))
    weaker.push("withdrawalMinAmount");
  if (toMinor(next.withdrawalFeeFixed) < toMinor(current.withdrawalFeeFixed))
    weaker.push("withdrawalFeeFixed");
  if (next.withdrawalFeeRateBps < current.withdrawalFeeRateBps) weaker.push("withdrawalFeeRateBps");
  return weaker;
}

/**
 * An operator's change of the cashier settings: applied at once when it weakens nothing, otherwise
 * proposed for another admin to approve.
 */
export async function changeCashierSettings(
  db: Db,
  clock: Clock,
  operator: Operator,
  settings: CashierSettings,
): Promise<{ applied: CashierSettings } | { proposed: ControlChange }> {
  const weakens = cashierSettingsWeakenings(await readCashierSettings(db), settings);
  if (weakens.length > 0)
    return {
      proposed: await proposeControlChange(db, clock, operator, cashierSettingsControl, settings, weakens),
    };
  await applyControlChange(db, clock, operator, cashierSettingsControl, settings);
  return { applied: settings };
}
