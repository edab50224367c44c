import {
  countLimitRange,
  formatMoney,
  isCountKind,
  isMoneyString,
  type LimitKind,
  lessThanMoney,
} from "@tickfair/contract";
import type { TFunction } from "i18next";

/** The page's sections and the limits in each, in the order a user thinks of them. */
export const LIMIT_GROUPS = [
  { group: "deposit", kinds: ["deposit_day", "deposit_7d", "deposit_30d"] },
  { group: "stake", kinds: ["stake_day", "stake_7d", "stake_30d"] },
  { group: "loss", kinds: ["loss_day", "loss_7d", "loss_30d"] },
  { group: "session", kinds: ["open_positions", "reminder_minutes", "loss_streak"] },
] as const satisfies readonly { group: string; kinds: readonly LimitKind[] }[];

/**
 * A limit's value as the page shows it: an amount, a number of positions, a reminder, losses in a
 * row, or none. Inside
 * a sentence "none" has its own wording ("from no limit to 3 positions", German "kein Limit"): case
 * is the language's business, not something code can change.
 */
export function limitValueText(
  kind: LimitKind,
  value: string | null,
  t: TFunction,
  locale: string,
  { inSentence = false }: { inSentence?: boolean } = {},
): string {
  if (value === null) return inSentence ? t("limits.noneInSentence") : t("limits.none");
  if (kind === "open_positions") return t("limits.positions", { count: Number(value) });
  if (kind === "reminder_minutes") return t("limits.everyMinutes", { count: Number(value) });
  if (kind === "loss_streak") return t("limits.lossesInRow", { count: Number(value) });
  return formatMoney(value, locale);
}

/**
 * Whether asking for `requested` applies at once (the server's rule: a limit where there was none, or
 * a lower one) rather than after 24 hours. The server decides; the form only says which it will be.
 */
export function appliesAtOnce(kind: LimitKind, inForce: string | null, requested: string | null): boolean {
  if (requested === null) return false;
  if (inForce === null) return true;
  return isCountKind(kind) ? Number(requested) < Number(inForce) : lessThanMoney(requested, inForce);
}

/**
 * A typed value checked as the server will: null when it is fine, else the reason's text key. An amount
 * of zero or less is "another": the server refuses a money limit of zero rather than make it a limit
 * nobody asked for, and a break is the way to stop altogether.
 */
export function limitValueProblem(kind: LimitKind, text: string): "required" | "invalid" | "another" | null {
  if (text.trim() === "") return "required";
  if (isCountKind(kind)) {
    const { min, max } = countLimitRange(kind);
    return /^\d{1,5}$/.test(text) && Number(text) >= min && Number(text) <= max ? null : "invalid";
  }
  // The field's cleaner caps an amount at the largest limit, so above zero is all that is left to check
  // (isPositiveAmount's rule, from the money module: every page's chunk with this one would otherwise
  // preload the cleaner's, past the first load's budget).
  return isMoneyString(text) && lessThanMoney("0", text) ? null : "another";
}

/** Time left as hours, minutes and seconds ("23:59:07"); never below zero. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return [hours, minutes, seconds].map((part) => String(part).padStart(2, "0")).join(":");
}

/** How full a period is, 0 to 1, for its bar (a picture only, so floating point is fine). */
export function usedShare(used: string | null, value: string | null): number | null {
  if (used === null || value === null || !(Number(value) > 0)) return null;
  return Math.min(1, Math.max(0, Number(used) / Number(value)));
}
