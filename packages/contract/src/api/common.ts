import { z } from "zod";

/** Cursor pagination: `?cursor=&limit=`; a page answers with its items and the next cursor, if any. */
export const pageQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type PageQuery = z.infer<typeof pageQuery>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}

/** A list answered whole, without a cursor. */
export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item) });
}

/**
 * A page of a list filtered by `filter` (a status, a type): `?<filter>&cursor=&limit=`. Its cursor is
 * an id, so shorter than pageQuery's.
 */
export function filteredPageQuery<S extends z.ZodRawShape>(filter: S) {
  return z.object(filter).extend({
    cursor: z.string().max(40).optional(),
    limit: pageQuery.shape.limit,
  });
}

/** The password typed at a sign-in, user's or operator's. */
export const signInPassword = z.string().max(128);

export const okResponse = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof okResponse>;

/** The largest id a PostgreSQL bigint column holds: an id past it names nothing and must not reach SQL. */
export const MAX_ID = 9_223_372_036_854_775_807n;

/** Every id on the wire, in a path or a body: decimal digits, 1 … the largest bigint. */
export const idString = z
  .string()
  .regex(/^\d{1,19}$/)
  .refine((id) => /^\d{1,19}$/.test(id) && BigInt(id) >= 1n && BigInt(id) <= MAX_ID, {
    message: "VALIDATION_FAILED",
  })
  .describe("Id: decimal digits, at most 9223372036854775807");
/** A route's path parameters when it names one record: `/…/:id`. */
export const idParams = z.object({ id: idString });
export const isoTime = z.string().describe("ISO 8601 time");

/** A session just signed in: the bearer token for every further request, and when it expires unused. */
export const newSession = z.object({ token: z.string(), expiresAt: isoTime });

/** Six digits from an authenticator app (TOTP), operator's or user's. */
export const totpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/);
export const recoveryCode = z.string().trim().min(1).max(32);

/** The second step of a sign-in: its challenge and exactly one of `code` and `recoveryCode`. */
export const secondFactorRequest = z
  .object({
    challenge: z.string().max(200),
    code: totpCode.optional(),
    recoveryCode: recoveryCode.optional(),
  })
  .refine((request) => (request.code === undefined) !== (request.recoveryCode === undefined), {
    message: "code or recoveryCode, not both",
  });
export type SecondFactorRequest = z.infer<typeof secondFactorRequest>;

/**
 * Times a client may send are bounded to years both JavaScript and PostgreSQL hold alike: year 0 or
 * 99999 parse in one and not the other.
 */
const EARLIEST_INPUT_TIME = Date.UTC(1970, 0, 1);
const LATEST_INPUT_TIME = Date.UTC(9999, 11, 31, 23, 59, 59);

/** A time a client sends (a query bound, a reopening time): ISO 8601 with a zone, e.g. "2026-01-05T08:00:00Z". */
export function isoTimeInput() {
  const code = "RANGE_INVALID";
  return z.iso
    .datetime({ offset: true, error: code })
    .refine(
      (text) => {
        const at = Date.parse(text);
        return Number.isFinite(at) && at >= EARLIEST_INPUT_TIME && at <= LATEST_INPUT_TIME;
      },
      { message: code },
    )
    .describe("ISO 8601 time with a zone, between 1970 and 9999");
}

/**
 * The reason an operator gives for an action (reject, unbind, a product change): required, and a
 * real one — blank or punctuation-only text is refused, because the audit log and the user read it.
 */
export const operatorReason = z
  .string({ error: (issue) => (issue.input === undefined ? "REQUIRED" : "REASON_REQUIRED") })
  .trim()
  .min(4, { message: "REASON_REQUIRED" })
  .max(300, { message: "REASON_REQUIRED" })
  .refine((text) => /[\p{L}\p{N}]{2}/u.test(text), { message: "REASON_REQUIRED" })
  .describe("Why: at least 4 characters, with letters or digits");
