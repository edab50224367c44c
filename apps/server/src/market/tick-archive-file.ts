import { createHash } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";
import { AppError } from "../platform/errors";
import { tickHash } from "./hash";
import { formatScaled } from "./prices";

/**
 * One archive file: consecutive ticks of one product, gzip-compressed text. The first line is a JSON
 * header naming the format, the product, its price precision, the first seq, the count and the hash
 * the first tick continues; then one line per tick: its time in milliseconds since the epoch, its
 * price in the product's smallest unit and its volume, each line after the first as differences from
 * the line before (ticks move little, so the differences are short and compress well). Hashes are not
 * written: they are recomputed from the header's previous hash, which is how a reader verifies the
 * file against the first and last hashes the database keeps.
 */

export const ARCHIVE_FORMAT = 1;

/** The most ticks one file holds, so reading any archived tick recomputes at most this many hashes. */
export const ARCHIVE_FILE_TICKS = 16_384;

export interface ArchivedTick {
  seq: bigint;
  time: Date;
  price: bigint;
  volume: bigint;
}

export interface ArchiveHeader {
  format: typeof ARCHIVE_FORMAT;
  symbol: string;
  precision: number;
  firstSeq: bigint;
  count: number;
  prevHash: string;
}

export interface ArchiveFile {
  bytes: Buffer;
  /** sha256 of `bytes` in hex: the file's name in the blob store and its check. */
  sha256: string;
}

/** Writes consecutive ticks (seq order, no gap) as one file. */
export function encodeArchive(
  header: Omit<ArchiveHeader, "format" | "count" | "firstSeq">,
  ticks: readonly ArchivedTick[],
): ArchiveFile {
  const first = ticks[0];
  if (!first) throw new Error("an archive file holds at least one tick");
  if (ticks.length > ARCHIVE_FILE_TICKS)
    throw new Error(`an archive file holds at most ${ARCHIVE_FILE_TICKS} ticks`);
  const lines = [
    JSON.stringify({
      format: ARCHIVE_FORMAT,
      symbol: header.symbol,
      precision: header.precision,
      firstSeq: first.seq.toString(),
      count: ticks.length,
      prevHash: header.prevHash,
    }),
  ];
  let before: ArchivedTick | null = null;
  for (const tick of ticks) {
    if (before && tick.seq !== before.seq + 1n)
      throw new Error(`tick ${tick.seq} does not follow ${before.seq}`);
    const time = BigInt(tick.time.getTime());
    lines.push(
      before
        ? `${time - BigInt(before.time.getTime())},${tick.price - before.price},${tick.volume}`
        : `${time},${tick.price},${tick.volume}`,
    );
    before = tick;
  }
  const bytes = gzipSync(`${lines.join("\n")}\n`, { level: 9 });
  return { bytes, sha256: sha256Hex(bytes) };
}

export function sha256Hex(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/**
 * Why a file is not what the database says it archived; `firstSeq` names the file's first tick when
 * known. Met in a request, it answers TICK_ARCHIVE_UNREADABLE (and is logged): unverified prices are
 * never shown.
 */
export class ArchiveMismatch extends AppError {
  constructor(
    readonly why: string,
    readonly firstSeq?: bigint,
  ) {
    super("TICK_ARCHIVE_UNREADABLE");
    this.name = "ArchiveMismatch";
    this.message = why;
  }
}

/** Reads a file back: its header and its ticks. Throws ArchiveMismatch on anything malformed. */
export function decodeArchive(bytes: Buffer): { header: ArchiveHeader; ticks: ArchivedTick[] } {
  let text: string;
  try {
    text = gunzipSync(bytes).toString("utf8");
  } catch {
    throw new ArchiveMismatch("the file is not gzip");
  }
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  const header = parseHeader(lines[0] ?? "");
  if (lines.length - 1 !== header.count) {
    throw new ArchiveMismatch(`the file holds ${lines.length - 1} ticks, its header says ${header.count}`);
  }
  const ticks: ArchivedTick[] = [];
  let time = 0n;
  let price = 0n;
  for (const [index, line] of lines.slice(1).entries()) {
    const fields = line.split(",");
    if (fields.length !== 3 || !fields.every((field) => /^-?\d+$/.test(field))) {
      throw new ArchiveMismatch(`line ${index + 2} is not a tick`);
    }
    const [dt, dp, volume] = fields.map((field) => BigInt(field)) as [bigint, bigint, bigint];
    time = index === 0 ? dt : time + dt;
    price = index === 0 ? dp : price + dp;
    ticks.push({ seq: header.firstSeq + BigInt(index), time: new Date(Number(time)), price, volume });
  }
  return { header, ticks };
}

function parseHeader(line: string): ArchiveHeader {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch {
    throw new ArchiveMismatch("the file has no header");
  }
  const h = raw as Record<string, unknown>;
  if (
    h.format !== ARCHIVE_FORMAT ||
    typeof h.symbol !== "string" ||
    typeof h.precision !== "number" ||
    typeof h.firstSeq !== "string" ||
    !/^\d+$/.test(h.firstSeq) ||
    typeof h.count !== "number" ||
    typeof h.prevHash !== "string" ||
    !/^[0-9a-f]{64}$/.test(h.prevHash)
  ) {
    throw new ArchiveMismatch("the file's header is not an archive header");
  }
  return {
    format: ARCHIVE_FORMAT,
    symbol: h.symbol,
    precision: h.precision,
    firstSeq: BigInt(h.firstSeq),
    count: h.count,
    prevHash: h.prevHash,
  };
}

/** Each tick's hash, recomputed from the header's previous hash: the last one is the file's last hash. */
export function archiveHashes(header: ArchiveHeader, ticks: readonly ArchivedTick[]): string[] {
  let prevHash = header.prevHash;
  return ticks.map((tick) => {
    prevHash = tickHash({
      prevHash,
      symbol: header.symbol,
      seq: tick.seq,
      time: tick.time,
      price: formatScaled(tick.price, header.precision),
    });
    return prevHash;
  });
}
