import { fromMinor, isMoneyString, toMinor, withdrawalFee } from "@tickfair/contract";

export interface WithdrawalFigures {
  /** feeFixed + floor(amount × feeRateBps / 10 000), in wire form. */
  fee: string;
  /** amount − fee; zero or less means the amount does not cover the fee. */
  received: string;
  coversFee: boolean;
}

/**
 * What a withdrawal of `amount` costs and pays out, computed exactly in minor units (bigint), the
 * same way the server does. Amounts still being typed ("12.") count as typed so far; no amount yet
 * (or zero) gives null.
 */
export function withdrawalFigures(
  amount: string,
  feeFixed: string,
  feeRateBps: number,
): WithdrawalFigures | null {
  const text = amount.replace(/\.$/, "");
  if (!isMoneyString(text) || !isMoneyString(feeFixed)) return null;
  const minor = toMinor(text);
  if (minor <= 0n) return null;
  const fee = withdrawalFee(minor, toMinor(feeFixed), Math.max(0, Math.trunc(feeRateBps)));
  const received = minor - fee;
  return {
    fee: fromMinor(fee),
    received: fromMinor(received > 0n ? received : 0n),
    coversFee: received > 0n,
  };
}

/** a − b of two wire amounts, exactly. */
export function subtractMoney(a: string, b: string): string {
  return fromMinor(toMinor(a) - toMinor(b));
}
