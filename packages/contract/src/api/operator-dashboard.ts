import { z } from "zod";
import { moneyString } from "../money-schema";
import { isoTime } from "./common";
import { productStatus } from "./market";

/**
 * A review queue: how many items wait and since when the oldest has waited ("chats": conversations
 * whose user waits for an answer). Only the queues the operator's role may open are listed: each is
 * a way into its review page, and a role that would meet a refusal there is not shown it.
 */
export const reviewQueue = z.object({
  queue: z.enum(["deposits", "withdrawals", "verifications", "chats"]),
  waiting: z.number().int(),
  oldestAt: isoTime.nullable(),
});
export type ReviewQueue = z.infer<typeof reviewQueue>;

const countAndAmount = z.object({ count: z.number().int(), amount: moneyString });

/**
 * The console's dashboard. "Today" is the platform's day (PLATFORM_TZ), from its midnight to the
 * next, named in `day`.
 */
export const operatorDashboard = z.object({
  generatedAt: isoTime,
  day: z.object({
    date: z.string().describe("YYYY-MM-DD in the platform's time zone"),
    timeZone: z.string(),
    from: isoTime,
    to: isoTime,
  }),
  queues: z.array(reviewQueue),
  today: z.object({
    /** Deposits confirmed today (credited to users). */
    depositsConfirmed: countAndAmount,
    /** Withdrawals approved today: `amount` what left users' balances, `fees` the platform kept of it. */
    withdrawalsPaid: countAndAmount.extend({ fees: moneyString }),
    /** Contracts accepted today and their stakes. */
    stakes: countAndAmount,
    /** Contracts closed today (settled or void) and what they paid back (stake included). */
    payouts: countAndAmount,
    /** Σ (stake − payout) over the contracts closed today: the house's gain (negative: its loss). */
    houseResult: moneyString,
    /** Distinct users who placed a contract today. */
    activeUsers: z.number().int(),
  }),
  feed: z.array(
    z.object({
      symbol: z.string(),
      status: productStatus,
      reopensAt: isoTime.nullable(),
      lastTickAt: isoTime.nullable(),
      /** A tick arrived within the last minute. */
      live: z.boolean(),
    }),
  ),
  /** The latest ledger check run through the server or by `npm run ledger:check` on the database. */
  ledgerCheck: z
    .object({ at: isoTime, ok: z.boolean(), violations: z.number().int(), by: z.string() })
    .nullable(),
});
export type OperatorDashboard = z.infer<typeof operatorDashboard>;
