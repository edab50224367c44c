import type {
  ListFilters,
  OperatorUser,
  OperatorUserHit,
  OperatorUserPage,
  UserMatch,
} from "@tickfair/contract";
import { sql } from "kysely";
import type { Executor } from "../platform/db";
import { everyRow, filteredPage, type ListOrder, withinDays } from "../platform/filtered-list";

/**
 * The console's user search (operators only), shared by the users list and the review queues: what an
 * operator types is read every way it can match a user, each an index read — account prefix
 * (users_account_prefix), part of the phone number (users_phone_trgm), part of a real name given for
 * verification (verifications_name_trgm), an account-opening code (users_invite_code_key,
 * users_invited_by) — and a list keeps the rows of the users any way matched.
 */

const USER_COLUMNS = [
  "u.id",
  "u.account",
  "u.nickname",
  "u.phone",
  "u.phone_country",
  "u.invite_code",
  "u.invited_by",
  "u.credit_score",
  "u.verified",
  "u.sign_in_locked_at",
  "u.created_at",
] as const;

export function operatorUserQuery(db: Executor) {
  return db.selectFrom("users as u").select(USER_COLUMNS);
}

type UserRow = Awaited<ReturnType<ReturnType<typeof operatorUserQuery>["executeTakeFirstOrThrow"]>>;

export function toOperatorUser(row: UserRow): OperatorUser {
  return {
    id: String(row.id),
    account: row.account,
    nickname: row.nickname,
    phone: row.phone,
    phoneCountry: row.phone_country,
    inviteCode: row.invite_code,
    invitedBy: row.invited_by,
    creditScore: row.credit_score,
    verified: row.verified,
    signInLockedAt: row.sign_in_locked_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  };
}

/** What a search text can mean; null where it cannot mean that. */
export interface SearchTerms {
  /** An account's first characters, lower case. */
  account: string | null;
  /** Digits found anywhere in a phone number (E.164, country code included). */
  phoneDigits: string | null;
  /** Part of a real name, as typed. */
  name: string | null;
  /** An account-opening code, upper case. */
  code: string | null;
}

export function searchTerms(text: string): SearchTerms {
  const query = text.trim();
  const digits = query.replace(/\D/g, "");
  return {
    account: /^\w{1,32}$/.test(query) ? query.toLowerCase() : null,
    // "13912345678", "139 1234 5678", "+86 139-1234-5678", "1234": at least three digits anywhere.
    phoneDigits: /^[\d\s().+-]+$/.test(query) && digits.length >= 3 && digits.length <= 15 ? digits : null,
    // A Chinese name has two or three characters; one letter would match nearly everyone.
    name: [...query].length >= 2 && /\p{L}/u.test(query) ? query : null,
    code: /^[A-Za-z0-9]{4,16}$/.test(query) ? query.toUpperCase() : null,
  };
}

/** `text` as a LIKE pattern that matches it anywhere, its wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The first string after every string that starts with `prefix`, in byte order (ASCII prefixes). */
function pastPrefix(prefix: string): string {
  const last = prefix.charCodeAt(prefix.length - 1);
  return `${prefix.slice(0, -1)}${String.fromCharCode(last + 1)}`;
}

const byteOrder = (expression: string) => sql<string>`${sql.raw(expression)} collate "C"`;

/**
 * The ids of the users `terms` match any way (a user may come twice), to use as `… in (this)`; null
 * when the text can match no user.
 */
export function matchingUserIds(db: Executor, terms: SearchTerms) {
  const { account, phoneDigits, name, code } = terms;
  const users = () => db.selectFrom("users as u").select("u.id");
  const ways = [
    account === null
      ? null
      : users()
          .where(byteOrder("lower(u.account)"), ">=", account)
          .where(byteOrder("lower(u.account)"), "<", pastPrefix(account)),
    phoneDigits === null ? null : users().where("u.phone", "like", containsPattern(phoneDigits)),
    name === null
      ? null
      : db
          .selectFrom("verifications as v")
          .select("v.user_id as id")
          .where("v.name", "ilike", containsPattern(name)),
    code === null ? null : users().where("u.invite_code", "=", code),
    code === null ? null : users().where(sql<string>`upper(u.invited_by)`, "=", code),
  ].filter((way) => way !== null);
  return ways.length === 0 ? null : sql<{ id: bigint }>`${sql.join(ways, sql` union all `)}`;
}

/** How the user matched, for the operator who wonders why a row is there. */
function matchOf(row: UserRow, terms: SearchTerms): UserMatch {
  if (terms.account && row.account.toLowerCase().startsWith(terms.account)) return "account";
  if (terms.phoneDigits && row.phone.includes(terms.phoneDigits)) return "phone";
  if (terms.code && row.invite_code === terms.code) return "inviteCode";
  if (terms.code && row.invited_by?.toUpperCase() === terms.code) return "invitedBy";
  return "name";
}

const NEWEST_FIRST: ListOrder = { idColumn: "u.id", direction: "desc" };

/** The users `filters` match: registered in the range of days, and matching the search text. */
function filteredUsers(db: Executor, filters: ListFilters, timeZone: string) {
  const text = filters.q?.trim() ?? "";
  const terms = text === "" ? null : searchTerms(text);
  const ids = terms && matchingUserIds(db, terms);
  const matching = withinDays(db.selectFrom("users as u"), "u.created_at", filters, timeZone)
    .$if(terms !== null && ids === null, (q) => q.where(sql<boolean>`false`))
    .$if(ids !== null, (q) => q.where(sql<boolean>`u.id in (${ids})`));
  const toHit = (row: UserRow): OperatorUserHit => ({
    ...toOperatorUser(row),
    matchedBy: terms ? matchOf(row, terms) : null,
  });
  return {
    list: { matching, withColumns: (q: typeof matching) => q.select(USER_COLUMNS), order: NEWEST_FIRST },
    toHit,
  };
}

/** A page of the users list, newest first, with how many users the filters match. */
export async function searchUsers(
  db: Executor,
  input: ListFilters & { cursor?: string | undefined; limit: number },
  timeZone: string,
): Promise<OperatorUserPage> {
  const { list, toHit } = filteredUsers(db, input, timeZone);
  return { ...(await filteredPage(db, list, input, toHit)), timeZone };
}

/** Every user the filters match, newest first, up to `maxRows`, for an export. */
export async function* everyUser(
  db: Executor,
  filters: ListFilters,
  timeZone: string,
  maxRows: number,
): AsyncGenerator<OperatorUserHit> {
  const { list, toHit } = filteredUsers(db, filters, timeZone);
  for await (const row of everyRow(list.withColumns(list.matching), NEWEST_FIRST, maxRows)) yield toHit(row);
}
