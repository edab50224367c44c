import { type DeskItem, type DeskKind, type DeskPage, type DeskQuery, fromMinor } from "@tickfair/contract";
import { userIdByAccount } from "../auth";
import { recentMoneyRequests } from "../cashier";
import { roleMayCall } from "../operators";
import type { Executor } from "../platform/db";
import type { Operator } from "../platform/schema";
import { recentContracts } from "../trading";

const CURSOR_LETTER: Record<DeskKind, string> = { contract: "c", deposit: "d", withdrawal: "w" };
const KIND_OF_LETTER = new Map(
  Object.entries(CURSOR_LETTER).map(([kind, letter]) => [letter, kind as DeskKind]),
);

type Positions = Partial<Record<DeskKind, bigint>>;

/** "c12.d7" → { contract: 12n, deposit: 7n }: the last id of each kind the previous pages showed. */
export function parseDeskCursor(cursor: string | undefined): Positions {
  const positions: Positions = {};
  for (const part of cursor ? cursor.split(".") : []) {
    const kind = KIND_OF_LETTER.get(part.slice(0, 1));
    if (kind) positions[kind] = BigInt(part.slice(1));
  }
  return positions;
}

function deskCursor(positions: Positions): string {
  return (Object.keys(CURSOR_LETTER) as DeskKind[])
    .flatMap((kind) => {
      const id = positions[kind];
      return id === undefined ? [] : [`${CURSOR_LETTER[kind]}${id}`];
    })
    .join(".");
}

/**
 * The kinds the operator's role may read: every console sees orders (risk.read, the route's own
 * permission); deposits and withdrawals only their reviewers, as the review queues' own routes decide.
 */
export function deskKinds(operator: Pick<Operator, "role">): DeskKind[] {
  return [
    "contract",
    ...(roleMayCall(operator.role, "GET /api/v1/operator/deposits") ? (["deposit"] as const) : []),
    ...(roleMayCall(operator.role, "GET /api/v1/operator/withdrawals") ? (["withdrawal"] as const) : []),
  ];
}

/**
 * The order desk: new orders (contracts), deposits and withdrawals, newest first, as one list. Each
 * kind is read by id from its own table (the newest `limit + 1` past the cursor's id of that kind) and
 * the three merged by time, so a page costs three short index reads whatever the history (a product
 * filter walks the newest contracts until it has a page: quick for any product that trades); the
 * cursor keeps each kind's place. Deposits and withdrawals name no product: a product filter leaves
 * them out.
 */
export async function deskPage(
  db: Executor,
  operator: Pick<Operator, "role">,
  query: DeskQuery,
): Promise<DeskPage> {
  const kinds = deskKinds(operator);
  const shown = kinds.filter(
    (kind) =>
      (query.kind === undefined || query.kind === kind) &&
      (query.symbol === undefined || kind === "contract"),
  );
  const userId = query.account === undefined ? undefined : await userIdByAccount(db, query.account);
  if (userId === null || shown.length === 0) return { kinds, items: [], nextCursor: null };
  const positions = parseDeskCursor(query.cursor);
  const take = query.limit + 1;
  const read = async (kind: DeskKind): Promise<DeskItem[]> => {
    if (!shown.includes(kind)) return [];
    const beforeId = positions[kind] ?? null;
    if (kind === "contract") {
      const rows = await recentContracts(db, { beforeId, symbol: query.symbol, userId, limit: take });
      return rows.map((row) => ({
        kind,
        id: row.id.toString(),
        orderNo: row.order_no,
        at: row.accepted_at.toISOString(),
        userId: row.user_id.toString(),
        account: row.account,
        symbol: row.symbol,
        direction: row.direction,
        stake: fromMinor(row.stake),
        durationSeconds: row.duration_seconds,
        status: row.status,
      }));
    }
    const rows = await recentMoneyRequests(db, kind === "deposit" ? "deposits" : "withdrawals", {
      beforeId,
      userId,
      limit: take,
    });
    return rows.map((row) => ({
      kind,
      id: row.id.toString(),
      orderNo: row.order_no,
      at: row.created_at.toISOString(),
      userId: row.user_id.toString(),
      account: row.account,
      amount: fromMinor(row.amount),
      status: row.status,
    }));
  };
  const merged = mergeNewestFirst(
    await Promise.all((["contract", "deposit", "withdrawal"] as const).map(read)),
  );
  const items = merged.slice(0, query.limit);
  if (merged.length <= query.limit) return { kinds, items, nextCursor: null };
  const next: Positions = { ...positions };
  for (const item of items) next[item.kind] = BigInt(item.id);
  return { kinds, items, nextCursor: deskCursor(next) };
}

/**
 * Merges lists each newest first by id into one newest first by time, always taking the newest head:
 * what a page takes of each list is then a prefix of it, so the cursor's ids skip nothing even where
 * a later id carries an earlier time.
 */
export function mergeNewestFirst(lists: readonly DeskItem[][]): DeskItem[] {
  const heads = lists.map(() => 0);
  const merged: DeskItem[] = [];
  for (;;) {
    let pick = -1;
    for (const [index, list] of lists.entries()) {
      const head = list[heads[index] ?? 0];
      const best = pick < 0 ? undefined : lists[pick]?.[heads[pick] ?? 0];
      if (head && (!best || head.at > best.at)) pick = index;
    }
    const list = lists[pick];
    const item = list?.[heads[pick] ?? 0];
    if (!item) return merged;
    merged.push(item);
    heads[pick] = (heads[pick] ?? 0) + 1;
  }
}
