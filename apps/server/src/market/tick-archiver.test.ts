import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { FolderBlobStore } from "../platform/blob-store";
import { verifyProductRange } from "./operator-products";
import { feedTick } from "./testing";
import { checkTickArchives } from "./tick-archive-check";
import { ArchiveMismatch, decodeArchive } from "./tick-archive-file";
import { archiveMonth, monthsToArchive } from "./tick-archiver";
import { archivedTicks, archiveKey } from "./tick-archives";
import { verifyChain } from "./tick-chain-check";
import { chained } from "./tick-reads";
import { recordTicks } from "./ticks";
import { useTicksTestDb } from "./ticks.testing";

const { testDb, freshProduct } = useTicksTestDb();
const roots: string[] = [];

afterAll(async () => {
  for (const root of roots) await fs.rm(root, { recursive: true, force: true });
});

async function blobStore(): Promise<{ store: FolderBlobStore; root: string }> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), "tick-archives-"));
  roots.push(root);
  return { store: new FolderBlobStore(root), root };
}

/** A product with ticks in January, February and March 2026, and its latest in April. */
async function productWithHistory(): Promise<{ symbol: string; code: string }> {
  const symbol = await freshProduct();
  for (const month of ["01", "02", "03", "04"]) {
    await sql`select make_tick_month(${symbol}, ${`2026-${month}-01T00:00:00Z`}::timestamptz)`.execute(
      testDb.db,
    );
  }
  const times = [
    "2026-01-10T00:00:00Z",
    "2026-01-31T23:59:59.999Z",
    "2026-02-01T00:00:00Z",
    "2026-02-14T12:00:00.250Z",
    "2026-03-30T08:00:00Z",
    "2026-04-02T09:00:00Z",
  ];
  for (const [i, time] of times.entries()) {
    await recordTicks(testDb.db, [feedTick(symbol, time, 100_00n + BigInt(i * 37 - 50), BigInt(i))]);
  }
  return { symbol, code: symbol.toLowerCase().replace("/", "") };
}

/** Where each of a product's archive files lies in the store's folder, oldest first. */
async function archiveFiles(symbol: string, root: string): Promise<string[]> {
  const rows = await testDb.db
    .selectFrom("tick_archives")
    .select("file_sha256")
    .where("symbol", "=", symbol)
    .orderBy("first_seq")
    .execute();
  return rows.map((row) => path.join(root, archiveKey(Buffer.from(row.file_sha256).toString("hex"))));
}

async function storedTicks(symbol: string) {
  const rows = await testDb.db
    .selectFrom("ticks")
    .select(["seq", "time", "price", "volume", "hash"])
    .where("symbol", "=", symbol)
    .orderBy("seq")
    .execute();
  return chained(testDb.db, symbol, rows);
}

describe("archiving a month of ticks", () => {
  it("moves the months past the cutoff to verified files, never the month of the latest tick", async () => {
    const { symbol, code } = await productWithHistory();
    const before = await storedTicks(symbol);
    const { store } = await blobStore();
    // April ends after the cutoff, and holds the latest tick besides.
    const months = await monthsToArchive(testDb.db, symbol, new Date("2026-05-01T00:00:00Z"));
    expect(months).toEqual([`ticks_${code}_2026_01`, `ticks_${code}_2026_02`, `ticks_${code}_2026_03`]);
    const archived = [];
    for (const month of months) archived.push(await archiveMonth(testDb.db, store, symbol, month));
    expect(archived.map((a) => a.ticks)).toEqual([2, 2, 1]);

    const left = await storedTicks(symbol);
    expect(left.map((t) => t.seq)).toEqual([6n]);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_class where relname = ${`ticks_${code}_2026_01`}`.execute(testDb.db);
    expect(rows).toEqual([{ n: 0 }]);

    const fromArchive = await archivedTicks(testDb.db, store, symbol, 1n, 6n);
    expect(fromArchive).toEqual(
      before.slice(0, 5).map((t) => ({
        seq: t.seq,
        time: t.time,
        price: t.price,
        volume: t.volume,
        prevHash: t.prevHash,
        hash: t.hash,
      })),
    );
    // The tick left in the table continues the archived chain.
    expect(left[0]?.prevHash).toBe(before[4]?.hash);
    // Any part of the range, within one file or across two, and past either end of the archive.
    const seqs = async (from: bigint, to: bigint) =>
      (await archivedTicks(testDb.db, store, symbol, from, to)).map((t) => t.seq);
    expect(await seqs(3n, 4n)).toEqual([3n, 4n]);
    expect(await seqs(2n, 3n)).toEqual([2n, 3n]);
    expect(await seqs(4n, 4n)).toEqual([4n]);
    expect(await seqs(0n, 2n)).toEqual([1n, 2n]);
    expect(await seqs(5n, 9n)).toEqual([5n]);
  });

  it("refuses a file that was changed or lost, naming what it lacks", async () => {
    const { symbol, code } = await productWithHistory();
    const { store, root } = await blobStore();
    await archiveMonth(testDb.db, store, symbol, `ticks_${code}_2026_01`);
    const [file] = await archiveFiles(symbol, root);
    if (!file) throw new Error("not archived");
    const original = await fs.readFile(file);
    const { header } = decodeArchive(original);
    expect(header).toMatchObject({ symbol, firstSeq: 1n, count: 2 });

    await fs.writeFile(file, Buffer.concat([original, Buffer.from([0])]));
    await expect(archivedTicks(testDb.db, store, symbol, 1n, 2n)).rejects.toThrow(ArchiveMismatch);
    await fs.rm(file);
    await expect(archivedTicks(testDb.db, store, symbol, 1n, 2n)).rejects.toThrow(/missing/);
  });

  it("reads a file verified lately without decoding it again, while the full check still does", async () => {
    const { symbol, code } = await productWithHistory();
    const { store, root } = await blobStore();
    await archiveMonth(testDb.db, store, symbol, `ticks_${code}_2026_01`);
    const first = await archivedTicks(testDb.db, store, symbol, 1n, 2n);
    const [file] = await archiveFiles(symbol, root);
    if (!file) throw new Error("not archived");
    // Changed in place at the same length: the verified copy is served, the full check reads the file.
    const changed = await fs.readFile(file);
    changed[changed.length - 1] = (changed.at(-1) ?? 0) ^ 0xff;
    await fs.writeFile(file, changed);
    expect(await archivedTicks(testDb.db, store, symbol, 1n, 2n)).toEqual(first);
    await expect(archivedTicks(testDb.db, store, symbol, 1n, 2n, { fresh: true })).rejects.toThrow(
      /has changed/,
    );
    // Lost: refused, verified copy or not.
    await fs.rm(file);
    await expect(archivedTicks(testDb.db, store, symbol, 1n, 2n)).rejects.toThrow(/is missing/);
  });

  it("refuses to archive a month whose chain does not verify, and leaves it in place", async () => {
    const { symbol, code } = await productWithHistory();
    const { store } = await blobStore();
    await sql`alter table ticks disable trigger user`.execute(testDb.db);
    try {
      await sql`update ticks set price = price + 1 where symbol = ${symbol} and seq = 2`.execute(testDb.db);
    } finally {
      await sql`alter table ticks enable trigger user`.execute(testDb.db);
    }
    await expect(archiveMonth(testDb.db, store, symbol, `ticks_${code}_2026_01`)).rejects.toThrow(
      /tick 2 does not verify/,
    );
    expect((await storedTicks(symbol)).map((t) => t.seq)).toEqual([1n, 2n, 3n, 4n, 5n, 6n]);
    expect(
      await testDb.db.selectFrom("tick_archives").selectAll().where("symbol", "=", symbol).execute(),
    ).toEqual([]);
  });

  it("keeps the archived files a chain: a month cannot be archived before the one ahead of it", async () => {
    const { symbol, code } = await productWithHistory();
    const { store } = await blobStore();
    await expect(archiveMonth(testDb.db, store, symbol, `ticks_${code}_2026_02`)).rejects.toThrow(
      /starts at tick 3/,
    );
  });
});

describe("verifying a chain that reaches into the archive", () => {
  it("recomputes every tick from the archived files on, and names the file that does not verify", async () => {
    const { symbol, code } = await productWithHistory();
    const { store, root } = await blobStore();
    for (const month of ["01", "02"])
      await archiveMonth(testDb.db, store, symbol, `ticks_${code}_2026_${month}`);
    expect(await verifyChain(testDb.db, symbol, 1n, 6n, store)).toMatchObject({ valid: true, checked: 6 });
    expect(await verifyChain(testDb.db, symbol, 3n, 6n, store)).toMatchObject({ valid: true, checked: 4 });
    // From just past the archive: the predecessor's hash is the one its file's row keeps.
    expect(await verifyChain(testDb.db, symbol, 5n, 6n)).toMatchObject({ valid: true, checked: 2 });
    // Without the store, an archived range is not vouched for.
    expect(await verifyChain(testDb.db, symbol, 1n, 6n)).toMatchObject({
      valid: false,
      firstMismatchSeq: 1n,
    });
    const february = (await archiveFiles(symbol, root))[1];
    if (!february) throw new Error("not archived");
    await fs.rm(february);
    expect(await verifyChain(testDb.db, symbol, 1n, 6n, store)).toMatchObject({
      valid: false,
      firstMismatchSeq: 3n,
    });
    // The operator's check by time finds its ends in the files too.
    const lastDayOfJanuary = { from: "2026-01-31T00:00:00Z", to: "2026-01-31T23:59:59.999Z" };
    expect(await verifyProductRange(testDb.db, symbol, lastDayOfJanuary, store)).toMatchObject({
      fromSeq: "2",
      toSeq: "2",
      checked: 1,
      valid: true,
    });
    const firstOfFebruary = { from: "2026-02-01T00:00:00Z", to: "2026-02-01T12:00:00Z" };
    expect(await verifyProductRange(testDb.db, symbol, firstOfFebruary, store)).toMatchObject({
      fromSeq: "3",
      valid: false,
      firstBrokenSeq: "3",
    });
  });
});

describe("the integrity check of the archives", () => {
  /** What the check finds wrong with this product's archive (the database holds other tests' too). */
  async function violationsOf(symbol: string, store: FolderBlobStore, scope: "full" | "since checkpoint") {
    const check = await checkTickArchives(testDb.db, store, scope);
    return check.violations.filter((violation) => violation.startsWith(symbol));
  }

  it("finds a sound archive sound, in full and in the routine check", async () => {
    const { symbol, code } = await productWithHistory();
    const { store } = await blobStore();
    for (const month of ["01", "02", "03"])
      await archiveMonth(testDb.db, store, symbol, `ticks_${code}_2026_${month}`);
    expect(await violationsOf(symbol, store, "since checkpoint")).toEqual([]);
    expect(await violationsOf(symbol, store, "full")).toEqual([]);
    const check = await checkTickArchives(testDb.db, store, "full");
    expect(check.files).toBeGreaterThanOrEqual(3);
    expect(check.ticks).toBeGreaterThanOrEqual(5);
  });

  it("names a file lost or cut short in either check, and one changed in place in the full check", async () => {
    const { symbol, code } = await productWithHistory();
    const { store, root } = await blobStore();
    for (const month of ["01", "02"])
      await archiveMonth(testDb.db, store, symbol, `ticks_${code}_2026_${month}`);
    const [january, february] = await archiveFiles(symbol, root);
    if (!january || !february) throw new Error("not archived");

    const original = await fs.readFile(january);
    // The same length, other bytes: only reading the file can tell.
    const changed = Buffer.from(original);
    changed[changed.length - 1] = (changed.at(-1) ?? 0) ^ 0xff;
    await fs.writeFile(january, changed);
    expect(await violationsOf(symbol, store, "since checkpoint")).toEqual([]);
    expect(await violationsOf(symbol, store, "full")).toEqual([
      `${symbol}: the archive of ticks 1–2 has changed`,
    ]);

    await fs.writeFile(january, original.subarray(0, 10));
    await fs.rm(february);
    const lost = [
      `${symbol}: the archive of ticks 1–2 has 10 bytes where ${original.length} were written`,
      `${symbol}: the archive of ticks 3–4 is missing`,
    ];
    expect(await violationsOf(symbol, store, "since checkpoint")).toEqual(lost);
    expect(await violationsOf(symbol, store, "full")).toEqual(lost);
  });

  it("finds the table's oldest tick no longer continuing the archive", async () => {
    const { symbol, code } = await productWithHistory();
    const { store } = await blobStore();
    for (const month of ["01", "02", "03"])
      await archiveMonth(testDb.db, store, symbol, `ticks_${code}_2026_${month}`);
    await sql`alter table ticks disable trigger user`.execute(testDb.db);
    try {
      await sql`update ticks set price = price + 1 where symbol = ${symbol} and seq = 6`.execute(testDb.db);
    } finally {
      await sql`alter table ticks enable trigger user`.execute(testDb.db);
    }
    expect(await violationsOf(symbol, store, "since checkpoint")).toEqual([
      `${symbol}: tick 6 in the table does not continue the archive's last hash`,
    ]);
  });
});
