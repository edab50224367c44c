import { type ExposureCaps, toMinor } from "@tickfair/contract";
import { isMoneyInput, normaliseMoney } from "./controls";

export const CAP_FIELDS = ["up", "down", "perUser"] as const;
export type CapField = (typeof CAP_FIELDS)[number];

/** How much of a cap is used, as a whole percentage for a progress bar (null: no cap; over 100 shown as 100). */
export function capUsePercent(open: string, cap: string | null): number | null {
  if (cap === null) return null;
  const limit = toMinor(cap);
  if (limit === 0n) return 100;
  const used = (toMinor(open) * 100n) / limit;
  return used > 100n ? 100 : Number(used);
}

/** The form's text for each cap as the API takes it: blank is no cap. */
export function capsFromForm(values: Record<CapField, string | null | undefined>): ExposureCaps {
  const one = (text: string | null | undefined) => (text && text.trim() !== "" ? normaliseMoney(text) : null);
  return { up: one(values.up), down: one(values.down), perUser: one(values.perUser) };
}

/** The caps a change loosens (raised, or removed), as the server judges it: those wait for another admin. */
export function capsLoosened(current: ExposureCaps, next: ExposureCaps): CapField[] {
  return CAP_FIELDS.filter((field) => {
    const before = current[field];
    const after = next[field];
    if (before === null) return false;
    return after === null || toMinor(after) > toMinor(before);
  });
}

/** Whether the form, as typed so far, loosens a cap (false while a field is not an amount yet). */
export function formLoosens(
  current: ExposureCaps,
  values: Record<CapField, string | null | undefined>,
): boolean {
  const typed = CAP_FIELDS.every((field) => {
    const text = values[field];
    return !text || text.trim() === "" || isMoneyInput(text);
  });
  return typed && capsLoosened(current, capsFromForm(values)).length > 0;
}
