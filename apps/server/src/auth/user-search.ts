import type { OperatorUser, OperatorUserHit, OperatorUserPage, UserMatch } from "@tickfair/contract";
import { type SelectQueryBuilder, sql } from "kysely";
import type { Executor } from "../platform/db";
import type { Database } from "../platform/schema";

/**
 * The console's user search (operators only). Each way a query can match is one index range read in
 * index order — account prefix (users_account_prefix), the phone number's last digits
 * (users_phone_suffix), the user's own code (users_invite_code_key), the users opened with a code
 * (users_invited_by) — and a page reads at most `limit + 1` rows of each: a page costs the same with a
 * hundred users or a million. Hits come grouped by what matched, in that order; a user who matches two
 * ways is listed under each (once per page).
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

/** Where the previous page ended: the way it matched, that way's key and the user's id. */
interface Position {
  match: UserMatch | null;
  key: string;
  id: bigint;
}

function encodeCursor(position: Position): string {
  const json = JSON.stringify([position.match, position.key, String(position.id)]);
  return Buffer.from(json, "utf8").toString("base64url");
}

/** A cursor this search wrote, or null (a malformed cursor starts from the top, as elsewhere). */
function decodeCursor(cursor: string | undefined): Position | null {
  if (!cursor) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (!Array.isArray(value) || value.length !== 3) return null;
    const [match, key, id] = value as unknown[];
    const known = match === null || (typeof match === "string" && WAYS.some((way) => way.match === match));
    if (!known || typeof key !== "string" || typeof id !== "string" || !/^\d{1,18}$/.test(id)) return null;
    return { match: match as UserMatch | null, key, id: BigInt(id) };
  } catch {
    return null;
  }
}

/** The first string after every string that starts with `prefix`, in byte order (ASCII prefixes). */
function pastPrefix(prefix: string): string {
  const last = prefix.charCodeAt(prefix.length - 1);
  return `${prefix.slice(0, -1)}${String.fromCharCode(last + 1)}`;
}

type UsersQuery = SelectQueryBuilder<Database & { u: Database["users"] }, "u", UserRow>;

interface Way {
  match: UserMatch;
  /** The search term this way reads from the query, or null when the query cannot match this way. */
  term(query: string): string | null;
  /** The way's rows after `after`, in its index's order, and each row's key in that order. */
  rows(q: UsersQuery, term: string, after: Position | null): UsersQuery;
  key(row: UserRow): string;
}

const byteOrder = (expression: string) => sql<string>`${sql.raw(expression)} collate "C"`;

/** A prefix of an indexed expression: one range of its index, in its order, after the cursor's key. */
function prefixRange(expression: string) {
  return (q: UsersQuery, term: string, after: Position | null): UsersQuery =>
    q
      .where(byteOrder(expression), ">=", term)
      .where(byteOrder(expression), "<", pastPrefix(term))
      .$if(after !== null, (qb) => qb.where(byteOrder(expression), ">", after?.key ?? ""))
      .orderBy(byteOrder(expression));
}

const WAYS: readonly Way[] = [
  {
    match: "account",
    term: (query) => (/^\w{1,32}$/.test(query) ? query.toLowerCase() : null),
    rows: prefixRange("lower(u.account)"),
    key: (row) => row.account.toLowerCase(),
  },
  {
    match: "phone",
    // "13912345678", "139 1234 5678", "+86 139-1234-5678", or just the last digits: a suffix of E.164.
    term: (query) => {
      if (!/^[\d\s().+-]+$/.test(query)) return null;
      const digits = query.replace(/\D/g, "");
      return digits.length >= 3 && digits.length <= 15 ? [...digits].reverse().join("") : null;
    },
    rows: prefixRange("reverse(u.phone)"),
    key: (row) => [...row.phone].reverse().join(""),
  },
  {
    match: "inviteCode",
    term: (query) => (/^[A-Za-z0-9]{4,16}$/.test(query) ? query.toUpperCase() : null),
    rows: (q, term, after) =>
      q
        .where("u.invite_code", "=", term)
        .$if(after !== null, (qb) => qb.where("u.id", ">", after?.id ?? 0n))
        .orderBy("u.id"),
    key: () => "",
  },
  {
    match: "invitedBy",
    term: (query) => (/^[A-Za-z0-9]{4,16}$/.test(query) ? query.toUpperCase() : null),
    rows: (q, term, after) =>
      q
        .where(sql<string>`upper(u.invited_by)`, "=", term)
        .$if(after !== null, (qb) => qb.where("u.id", ">", after?.id ?? 0n))
        .orderBy("u.id"),
    key: () => "",
  },
];

export async function searchUsers(
  db: Executor,
  input: { query?: string | undefined; cursor?: string | undefined; limit: number },
): Promise<OperatorUserPage> {
  const query = input.query?.trim() ?? "";
  const cursor = decodeCursor(input.cursor);
  if (query === "") return newestUsers(db, cursor?.match === null ? cursor : null, input.limit);

  const ways = WAYS.flatMap((way) => {
    const term = way.term(query);
    return term === null ? [] : [{ way, term }];
  });
  const resume = cursor ? ways.findIndex(({ way }) => way.match === cursor.match) : -1;
  const hits: { row: UserRow; match: UserMatch; key: string }[] = [];
  for (let index = Math.max(resume, 0); index < ways.length && hits.length <= input.limit; index++) {
    const { way, term } = ways[index] as (typeof ways)[number];
    const after = index === resume ? cursor : null;
    const rows = await way
      .rows(operatorUserQuery(db), term, after)
      .limit(input.limit + 1 - hits.length)
      .execute();
    for (const row of rows) hits.push({ row, match: way.match, key: way.key(row) });
  }
  const page = hits.slice(0, input.limit);
  const last = page[page.length - 1];
  const seen = new Set<bigint>();
  const items: OperatorUserHit[] = [];
  for (const hit of page) {
    if (seen.has(hit.row.id)) continue;
    seen.add(hit.row.id);
    items.push({ ...toOperatorUser(hit.row), matchedBy: hit.match });
  }
  const nextCursor =
    hits.length > input.limit && last
      ? encodeCursor({ match: last.match, key: last.key, id: last.row.id })
      : null;
  return { items, nextCursor };
}

/** Every user, newest first (the users page before anything is typed). */
async function newestUsers(db: Executor, after: Position | null, limit: number): Promise<OperatorUserPage> {
  const rows = await operatorUserQuery(db)
    .$if(after !== null, (q) => q.where("u.id", "<", after?.id ?? 0n))
    .orderBy("u.id", "desc")
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map((row) => ({ ...toOperatorUser(row), matchedBy: null })),
    nextCursor: rows.length > limit && last ? encodeCursor({ match: null, key: "", id: last.id }) : null,
  };
}
