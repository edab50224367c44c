import { type BookFigures, CLOCK_OPTIONS, type ExposureBucket, toMinor } from "@tickfair/contract";

/** The outcomes a row of the board is read under, in the board's column order. */
export const OUTCOMES = ["houseIfUpWins", "houseIfDownWins", "houseIfDraw"] as const;
export type Outcome = (typeof OUTCOMES)[number];

/**
 * The outcome the house fares worst under (its lowest result) and that result: what the board's
 * totals lead with. Ties go to the first in column order.
 */
export function worstOutcome(figures: Pick<BookFigures, Outcome>): { outcome: Outcome; result: string } {
  let worst: Outcome = OUTCOMES[0];
  for (const outcome of OUTCOMES) if (toMinor(figures[outcome]) < toMinor(figures[worst])) worst = outcome;
  return { outcome: worst, result: figures[worst] };
}

const MINUTE_MS = 60_000;

/**
 * A minute row's span in the operator's own zone, 24-hour ("10:01–10:02"), and whether it is already
 * past at `now` (its contracts expired and await settlement).
 */
export function minuteSpan(bucket: Extract<ExposureBucket, { kind: "minute" }>, locale: string, now: string) {
  const from = new Date(bucket.minute);
  const to = new Date(from.getTime() + MINUTE_MS);
  const clock = new Intl.DateTimeFormat(locale, CLOCK_OPTIONS);
  return { span: `${clock.format(from)}–${clock.format(to)}`, past: to.getTime() <= new Date(now).getTime() };
}
