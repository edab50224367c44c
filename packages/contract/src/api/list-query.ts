import { z } from "zod";
import { moneyString } from "../money-schema";
import { pageQuery } from "./common";

/**
 * The console's filtered lists (the deposit, withdrawal and verification queues, the users): one
 * search box, a range of the platform's days, a page size, a total; the same filters export as CSV.
 */

const EARLIEST_DAY = "1970-01-01";
const LATEST_DAY = "9999-12-31";

/** A real calendar day, "2026-03-02": the regex alone would take "2026-02-30". */
function isCalendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || text < EARLIEST_DAY || text > LATEST_DAY) return false;
  const [year, month, day] = text.split("-").map(Number) as [number, number, number];
  const at = new Date(Date.UTC(year, month - 1, day));
  return at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === day;
}

/** A day of the platform's calendar (PLATFORM_TZ), not of the browser's. */
export const platformDay = z
  .string()
  .refine(isCalendarDay, { message: "RANGE_INVALID" })
  .describe("A day in the platform's time zone, YYYY-MM-DD");

// "YYYY-MM-DD" days compare as text.
const rangeInOrder = ({ from, to }: ListFilters) => from === undefined || to === undefined || from <= to;

/**
 * What a console list can be narrowed to, with the list's own filter (a status) beside it:
 * - `q`: an order number (exact), an account (prefix, any case), part of a phone number (3 or more
 *   digits anywhere in it) or part of a verified real name;
 * - `from`, `to`: days in the platform's time zone, both included; `from` after `to` is RANGE_INVALID.
 */
export function listFilters<S extends z.ZodRawShape>(filter: S) {
  return z
    .object({
      ...filter,
      q: z.string().trim().max(64).optional().describe("Order number, account, part of a phone or name"),
      from: platformDay.optional().describe("First day (platform time zone), included"),
      to: platformDay.optional().describe("Last day (platform time zone), included"),
    })
    .refine((query) => rangeInOrder(query as ListFilters), {
      message: "RANGE_INVALID",
      path: ["to"],
    });
}

/** `listFilters` and a page of the list: `cursor` (opaque) and `limit` (1–100 rows). */
export function listQuery<S extends z.ZodRawShape>(filter: S) {
  return listFilters({ ...filter, cursor: z.string().max(40).optional(), limit: pageQuery.shape.limit });
}

/** The filters, as the API reference tells them. */
export const LIST_FILTERS_TEXT =
  "`q` is an order number (exact), an account (prefix, any case), part of a phone number (3 or more digits) or part of a real name; `from` and `to` are days in the platform's time zone (PLATFORM_TZ), both included. The answer counts the matching rows (up to LIST_TOTAL_CAP).";

/** The filters every list takes, as the console keeps them. */
export interface ListFilters {
  q?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * A page of a filtered list, with how many rows the filters match in all — counted up to
 * LIST_TOTAL_CAP, past which `totalCapped` is set and `total` reads as "at least" — and the time zone
 * its days are counted in.
 */
export function listPageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    nextCursor: z.string().nullable(),
    total: z.number().int().min(0),
    totalCapped: z.boolean(),
    timeZone: z.string(),
  });
}

/** A page of a money queue: also the sum of the matching rows' amounts (null when the total is capped). */
export function moneyListPageOf<T extends z.ZodType>(item: T) {
  return listPageOf(item).extend({ totalAmount: moneyString.nullable() });
}
