import type { CashierSettings, OperatorRole, RolePermissions } from "@tickfair/contract";
import { isMoneyString, toMinor } from "@tickfair/contract";

/**
 * What the server will do with a change to a control, known before it is sent, so the operator is
 * told whether it applies at once or waits for a second admin. The server decides either way (its
 * settings.ts and permissions.ts); these mirror its rules.
 */

export const CASHIER_SETTING_FIELDS = [
  "withdrawalFeeFixed",
  "withdrawalFeeRateBps",
  "withdrawalMinAmount",
  "depositSecondApprovalAbove",
] as const satisfies readonly (keyof CashierSettings)[];
export type CashierSettingField = (typeof CASHIER_SETTING_FIELDS)[number];

/** The fields whose change weakens the cashier's controls: higher threshold, lower minimum or fees. */
export function cashierWeakenings(current: CashierSettings, next: CashierSettings): CashierSettingField[] {
  const weaker: CashierSettingField[] = [];
  if (toMinor(next.withdrawalFeeFixed) < toMinor(current.withdrawalFeeFixed))
    weaker.push("withdrawalFeeFixed");
  if (next.withdrawalFeeRateBps < current.withdrawalFeeRateBps) weaker.push("withdrawalFeeRateBps");
  if (toMinor(next.withdrawalMinAmount) < toMinor(current.withdrawalMinAmount))
    weaker.push("withdrawalMinAmount");
  if (toMinor(next.depositSecondApprovalAbove) > toMinor(current.depositSecondApprovalAbove))
    weaker.push("depositSecondApprovalAbove");
  return weaker;
}

/** A field that changed from `current` to `next`. */
export function cashierChanges(current: CashierSettings, next: CashierSettings): CashierSettingField[] {
  return CASHIER_SETTING_FIELDS.filter((field) =>
    field === "withdrawalFeeRateBps"
      ? current[field] !== next[field]
      : toMinor(current[field]) !== toMinor(next[field]),
  );
}

/** A money amount as an operator types it: digits with at most two decimals, no sign, no grouping. */
export function isMoneyInput(text: string, options: { positive?: boolean } = {}): boolean {
  const trimmed = text.trim();
  if (!/^\d{1,16}(\.\d{1,2})?$/.test(trimmed) || !isMoneyString(trimmed)) return false;
  return !options.positive || toMinor(trimmed) > 0n;
}

/** The amount with two decimals, as the API writes amounts ("10" → "10.00"). */
export function normaliseMoney(text: string): string {
  const [whole = "0", fraction = ""] = text.trim().split(".");
  return `${BigInt(whole)}.${fraction.padEnd(2, "0")}`;
}

/** Whether moving an operator from `from` to `to` grants a permission `from` lacked (a second admin decides). */
export function roleChangeGrants(
  roles: readonly RolePermissions[],
  from: OperatorRole,
  to: OperatorRole,
): boolean {
  const held = new Set(roles.find((entry) => entry.role === from)?.permissions ?? []);
  return (roles.find((entry) => entry.role === to)?.permissions ?? []).some((p) => !held.has(p));
}
