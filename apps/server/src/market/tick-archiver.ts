import { sql } from "kysely";
import type { BlobStore } from "../platform/blob-store";
import type { Db, Executor } from "../platform/db";
import { hashBytes, hashHex, TICK_GENESIS_HASH } from "./hash";
import { ARCHIVE_FILE_TICKS, type ArchivedTick, archiveHashes, encodeArchive } from "./tick-archive-file";
import { archiveKey } from "./tick-archives";
import { pricePrecision } from "./tick-reads";

/** Why a month was not archived: its ticks do not verify, or the store did not keep a file. */
export class ArchiveRefused extends Error {}

const LEAF_MONTH = /_(\d{4})_(\d{2})$/;

/**
 * A product's months that ended at or before `cutoff`, oldest first: never its default partition
 * (ticks of any time may be there) nor the month holding its latest tick, which the chain trigger
 * continues from and must stay in the table.
 */
export async function monthsToArchive(db: Db, symbol: string, cutoff: Date): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = to_regclass(tick_partition(${symbol})) order by c.relname`.execute(db);
  const latest = await sql<{ home: string }>`
    select tableoid::regclass::text as home from ticks where symbol = ${symbol}
    order by seq desc limit 1`.execute(db);
  const holdsLatest = latest.rows[0]?.home;
  return rows
    .map((row) => row.name)
    .filter((name) => {
      const month = LEAF_MONTH.exec(name);
      if (!month || name === holdsLatest) return false;
      const ends = Date.UTC(Number(month[1]), Number(month[2]), 1);
      return ends <= cutoff.getTime();
    });
}

export interface ArchivedMonth {
  month: string;
  files: number;
  ticks: number;
}

/**
 * Archives one month of a product's ticks: reads them in seq order, verifies each against the hash
 * before it (refusing a month whose chain is broken), writes them as files of at most
 * ARCHIVE_FILE_TICKS ticks to the blob store under their sha256 and reads each back, then in one
 * transaction records the files (tick_archives continues the archive before) and detaches and drops
 * the month. Until that transaction commits the month is untouched; a file written by a run that
 * failed later is written again, under the same name, by the next.
 */
export async function archiveMonth(
  db: Db,
  blobs: BlobStore,
  symbol: string,
  month: string,
): Promise<ArchivedMonth> {
  const precision = await pricePrecision(db, symbol);
  const last = await db
    .selectFrom("tick_archives")
    .select(["last_seq", "last_hash"])
    .where("symbol", "=", symbol)
    .orderBy("first_seq", "desc")
    .limit(1)
    .executeTakeFirst();
  let prevHash = last ? hashHex(last.last_hash) : TICK_GENESIS_HASH;
  let nextSeq = last ? last.last_seq + 1n : 1n;
  const files: {
    first: ArchivedTick;
    last: ArchivedTick;
    prevHash: string;
    lastHash: string;
    sha256: string;
    bytes: number;
  }[] = [];
  let ticks = 0;
  for (;;) {
    const { rows } = await sql<ArchivedTick & { hash: Uint8Array }>`
      select seq, time, price, volume, hash from ${sql.table(month)}
      where seq >= ${nextSeq} order by seq limit ${ARCHIVE_FILE_TICKS}`.execute(db);
    const page = rows.map((row) => ({
      seq: BigInt(row.seq),
      time: new Date(row.time),
      price: BigInt(row.price),
      volume: BigInt(row.volume),
    }));
    const first = page[0];
    const end = page.at(-1);
    if (!first || !end) break;
    if (first.seq !== nextSeq) {
      throw new ArchiveRefused(
        `${symbol}: ${month} starts at tick ${first.seq}, the archive before ends at ${nextSeq - 1n}`,
      );
    }
    const hashes = archiveHashes(
      { format: 1, symbol, precision, firstSeq: first.seq, count: page.length, prevHash },
      page,
    );
    for (const [index, row] of rows.entries()) {
      const tick = page[index];
      if (!tick || tick.seq !== first.seq + BigInt(index) || hashes[index] !== hashHex(row.hash)) {
        throw new ArchiveRefused(
          `${symbol}: tick ${first.seq + BigInt(index)} does not verify; ${month} was not archived`,
        );
      }
    }
    const file = encodeArchive({ symbol, precision, prevHash }, page);
    const key = archiveKey(file.sha256);
    await blobs.put(key, file.bytes);
    const stored = await blobs.get(key);
    if (!stored?.equals(file.bytes)) {
      throw new ArchiveRefused(`${symbol}: the blob store did not keep ${key}; ${month} was not archived`);
    }
    const lastHash = hashes.at(-1) as string;
    files.push({ first, last: end, prevHash, lastHash, sha256: file.sha256, bytes: file.bytes.length });
    ticks += page.length;
    prevHash = lastHash;
    nextSeq = end.seq + 1n;
  }
  const done = await db.transaction().execute(async (tx) => {
    // Processes take turns; one that finds the month gone has seen another archive it.
    await sql`select pg_advisory_xact_lock(hashtext('tick archives'))`.execute(tx);
    const { rows: still } = await sql<{ here: boolean }>`
      select to_regclass(${month}) is not null as here`.execute(tx);
    if (!still[0]?.here) return false;
    if (files.length > 0) {
      await tx
        .insertInto("tick_archives")
        .values(
          files.map((file) => ({
            symbol,
            first_seq: file.first.seq,
            last_seq: file.last.seq,
            first_time: file.first.time,
            last_time: file.last.time,
            prev_hash: hashBytes(file.prevHash),
            last_hash: hashBytes(file.lastHash),
            file_sha256: hashBytes(file.sha256),
            file_bytes: file.bytes,
          })),
        )
        .execute();
    }
    // The month's last seq is read again under the detach's lock: a tick cannot be written into a past
    // month (the chain trigger refuses a tick older than the latest), so this only holds a bug to account.
    await sql`alter table ${sql.table(await parentOf(tx, symbol))} detach partition ${sql.table(month)}`.execute(
      tx,
    );
    const { rows } = await sql<{ n: string }>`select count(*)::text as n from ${sql.table(month)}`.execute(
      tx,
    );
    if (BigInt(rows[0]?.n ?? "0") !== BigInt(ticks)) {
      throw new ArchiveRefused(`${symbol}: ${month} changed while it was archived`);
    }
    await sql`drop table ${sql.table(month)}`.execute(tx);
    return true;
  });
  return done ? { month, files: files.length, ticks } : { month, files: 0, ticks: 0 };
}

async function parentOf(db: Executor, symbol: string): Promise<string> {
  const { rows } = await sql<{ name: string }>`select tick_partition(${symbol}) as name`.execute(db);
  return rows[0]?.name ?? "";
}

/**
 * Archives, product by product, every month that ended `afterDays` or more before `now`, oldest first;
 * a product whose month is refused (its chain does not verify, the store fails) is logged and left for
 * the next run, the others go on. Returns the months archived.
 */
export async function archiveTickMonths(
  deps: { db: Db; blobs: BlobStore; log: { error(object: unknown, message: string): void } },
  now: Date,
  afterDays: number,
): Promise<ArchivedMonth[]> {
  const cutoff = new Date(now.getTime() - afterDays * 24 * 60 * 60 * 1000);
  const products = await deps.db.selectFrom("products").select("symbol").orderBy("symbol").execute();
  const archived: ArchivedMonth[] = [];
  for (const { symbol } of products) {
    try {
      for (const month of await monthsToArchive(deps.db, symbol, cutoff)) {
        archived.push(await archiveMonth(deps.db, deps.blobs, symbol, month));
      }
    } catch (error) {
      deps.log.error({ err: error, symbol }, "market: tick archives: a month was not archived");
    }
  }
  return archived;
}
