import {
  type Contract,
  type ContractDetail,
  type ContractTick,
  fromMinor,
  type Tick,
  type Wallet,
} from "@tickfair/contract";
import { sql } from "kysely";
import { formatScaled, ticksOfSpan } from "../market";
import type { BlobStore } from "../platform/blob-store";
import { bigintArray, type Executor } from "../platform/db";
import { AppError } from "../platform/errors";
import { newestFirstPage, type PageRequest } from "../platform/newest-first-page";
import type { ContractRow } from "./schema";

/** The most ticks a contract's detail lists between its entry and its exit. */
export const DETAIL_TICK_LIMIT = 600;
function tickOf(
  seq: bigint | null,
  time: Date | null,
  price: bigint | null,
  hash: string | null,
  precision: number,
): ContractTick | null {
  if (seq === null || time === null || price === null || hash === null) return null;
  return { seq: seq.toString(), time: time.toISOString(), price: formatScaled(price, precision), hash };
}

export function toContract(row: ContractRow, precision: number): Contract {
  return {
    id: row.id.toString(),
    wallet: row.wallet,
    orderNo: row.order_no,
    symbol: row.symbol,
    direction: row.direction,
    stake: fromMinor(row.stake),
    durationSeconds: row.duration_seconds,
    payoutRateBps: row.payout_rate_bps,
    status: row.status,
    acceptedAt: row.accepted_at.toISOString(),
    entry: tickOf(row.entry_seq, row.entry_time, row.entry_price, row.entry_hash, precision),
    expiresAt: row.expiry_at?.toISOString() ?? null,
    exit: tickOf(row.exit_seq, row.exit_time, row.exit_price, row.exit_hash, precision),
    result: row.result,
    payout: row.payout === null ? null : fromMinor(row.payout),
    profit: row.payout === null ? null : fromMinor(row.payout - row.stake),
    settledAt: row.settled_at?.toISOString() ?? null,
  };
}

function contractsWithPrecision(db: Executor) {
  return db
    .selectFrom("contracts as c")
    .innerJoin("products as p", "p.symbol", "c.symbol")
    .selectAll("c")
    .select("p.price_precision");
}

/** Contracts by id, in id order, for telling their users. */
export async function contractsByIds(db: Executor, ids: readonly bigint[]): Promise<Contract[]> {
  if (ids.length === 0) return [];
  const rows = await contractsWithPrecision(db)
    .where(sql<boolean>`c.id = any(${bigintArray(ids)}::bigint[])`)
    .orderBy("c.id")
    .execute();
  return rows.map((row) => toContract(row, row.price_precision));
}

/** The user's positions in one wallet: pending and open contracts, newest first. */
export async function listOpenContracts(
  db: Executor,
  userId: bigint,
  wallet: Wallet = "real",
): Promise<{ items: Contract[] }> {
  const rows = await contractsWithPrecision(db)
    .where("c.user_id", "=", userId)
    .where("c.wallet", "=", wallet)
    .where("c.status", "in", ["pending", "open"])
    .orderBy("c.id", "desc")
    .limit(500)
    .execute();
  return { items: rows.map((row) => toContract(row, row.price_precision)) };
}

const OPEN_STATUSES = ["pending", "open"] as const;
const CLOSED_STATUSES = ["settled", "void"] as const;

/** Closed positions (settled or void), newest first, `cursor` being the last id of the previous page. */
export async function listClosedContracts(
  db: Executor,
  userId: bigint,
  page: PageRequest,
  wallet: Wallet = "real",
): Promise<{ items: Contract[]; nextCursor: string | null }> {
  return listUserContracts(db, userId, page, "closed", wallet);
}

/**
 * A user's contracts of one wallet newest first (through contracts_user_wallet): all of them, or only
 * the open (pending and open) or closed (settled and void) ones.
 */
export async function listUserContracts(
  db: Executor,
  userId: bigint,
  page: PageRequest,
  state?: "open" | "closed",
  wallet: Wallet = "real",
): Promise<{ items: Contract[]; nextCursor: string | null }> {
  const statuses = state === "open" ? OPEN_STATUSES : CLOSED_STATUSES;
  return newestFirstPage(
    contractsWithPrecision(db)
      .where("c.user_id", "=", userId)
      .where("c.wallet", "=", wallet)
      .$if(state !== undefined, (q) => q.where("c.status", "in", statuses)),
    "c.id",
    page,
    (row) => toContract(row, row.price_precision),
  );
}

/** One of the user's contracts with its entry, exit and every tick between them (at most 600). */
export async function contractDetail(
  db: Executor,
  archives: BlobStore,
  userId: bigint,
  id: bigint,
): Promise<ContractDetail> {
  const row = await contractsWithPrecision(db)
    .where("c.user_id", "=", userId)
    .where("c.id", "=", id)
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND");
  const contract = toContract(row, row.price_precision);
  let ticks: Tick[] = [];
  if (row.entry_seq !== null) {
    // Its ticks lie between entry and expiry (the exit tick is the last at or before it).
    const rows = await ticksOfSpan(db, archives, row.symbol, {
      fromSeq: row.entry_seq,
      toSeq: row.exit_seq,
      since: row.entry_time,
      until: row.expiry_at,
      limit: DETAIL_TICK_LIMIT,
    });
    ticks = rows.map((tick) => ({
      symbol: row.symbol,
      seq: tick.seq.toString(),
      time: tick.time.toISOString(),
      price: formatScaled(tick.price, row.price_precision),
      prevHash: tick.prevHash,
      hash: tick.hash,
    }));
  }
  return { ...contract, ticks };
}
