import { z } from "zod";
import { moneyString } from "../money-schema";

/** What a practice account starts with, and is reset to: 10,000.00 virtual units. */
export const PRACTICE_STARTING_BALANCE = "10000.00";

/** A user's practice account: virtual units, never real money (see docs/decisions/0070-practice-account.md). */
export const practiceAccount = z.object({
  available: moneyString,
  /** What open practice contracts hold. */
  frozen: moneyString,
  startingBalance: moneyString,
});
export type PracticeAccount = z.infer<typeof practiceAccount>;
