import {
  type BookFigures,
  EXPOSURE_HORIZON_MINUTES,
  type ExposureBucket,
  fromMinor,
  LARGEST_POSITIONS,
  type RiskExposure,
} from "@tickfair/contract";
import type { Executor } from "../platform/db";
import { type BookRow, largestOpenPositions, openBook } from "../trading";

const MINUTE_MS = 60_000;

/** One side's sums, in minor units. */
interface Side {
  contracts: number;
  stake: bigint;
  owedIfWins: bigint;
}

interface Book {
  up: Side;
  down: Side;
}

const emptyBook = (): Book => ({
  up: { contracts: 0, stake: 0n, owedIfWins: 0n },
  down: { contracts: 0, stake: 0n, owedIfWins: 0n },
});

function add(book: Book, row: Pick<BookRow, "direction" | "contracts" | "stake" | "owedIfWins">): void {
  const side = book[row.direction];
  side.contracts += row.contracts;
  side.stake += row.stake;
  side.owedIfWins += row.owedIfWins;
}

/**
 * The house's result under each outcome, every contract of the book ending that way: it keeps all the
 * stakes and pays the winning side what it is owed; on a draw every stake goes back, so nothing is
 * kept or paid.
 */
export function houseResults(book: Book): { ifUpWins: bigint; ifDownWins: bigint; ifDraw: bigint } {
  const staked = book.up.stake + book.down.stake;
  return {
    ifUpWins: staked - book.up.owedIfWins,
    ifDownWins: staked - book.down.owedIfWins,
    ifDraw: 0n,
  };
}

function toFigures(book: Book): BookFigures {
  const side = (s: Side) => ({
    contracts: s.contracts,
    stake: fromMinor(s.stake),
    owedIfWins: fromMinor(s.owedIfWins),
  });
  const house = houseResults(book);
  return {
    up: side(book.up),
    down: side(book.down),
    houseIfUpWins: fromMinor(house.ifUpWins),
    houseIfDownWins: fromMinor(house.ifDownWins),
    houseIfDraw: fromMinor(house.ifDraw),
  };
}

/** Pending first, then the minutes in time order, then later. */
function bucketOf(expiry: BookRow["expiry"]): { key: string; order: number; bucket: ExposureBucket } {
  if (expiry === null)
    return { key: "pending", order: Number.NEGATIVE_INFINITY, bucket: { kind: "pending" } };
  if (expiry === "later") return { key: "later", order: Number.POSITIVE_INFINITY, bucket: { kind: "later" } };
  const minute = expiry.toISOString();
  return { key: minute, order: expiry.getTime(), bucket: { kind: "minute", minute } };
}

/**
 * The exposure board (ARCHITECTURE §5, risk): for each product, direction and expiry minute of the
 * next EXPOSURE_HORIZON_MINUTES (and any earlier minute still awaiting settlement), then "later", the
 * open stakes, what each side is owed if it wins and the house's result under each outcome; the same
 * per product and over all; and the largest positions with their users. Contracts waiting for their
 * entry tick have no expiry yet: they make a row of their own. Two grouped reads of the open
 * contracts only.
 */
export async function riskExposure(db: Executor, now: Date): Promise<RiskExposure> {
  const horizon = new Date(
    Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS + EXPOSURE_HORIZON_MINUTES * MINUTE_MS,
  );
  const [rows, largest] = await Promise.all([
    openBook(db, horizon),
    largestOpenPositions(db, LARGEST_POSITIONS),
  ]);
  const total = emptyBook();
  const products = new Map<
    string,
    { book: Book; rows: Map<string, { order: number; bucket: ExposureBucket; book: Book }> }
  >();
  for (const row of rows) {
    let product = products.get(row.symbol);
    if (!product) {
      product = { book: emptyBook(), rows: new Map() };
      products.set(row.symbol, product);
    }
    const { key, order, bucket } = bucketOf(row.expiry);
    let part = product.rows.get(key);
    if (!part) {
      part = { order, bucket, book: emptyBook() };
      product.rows.set(key, part);
    }
    add(part.book, row);
    add(product.book, row);
    add(total, row);
  }
  return {
    generatedAt: now.toISOString(),
    horizonMinutes: EXPOSURE_HORIZON_MINUTES,
    products: [...products.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([symbol, product]) => ({
        symbol,
        ...toFigures(product.book),
        rows: [...product.rows.values()]
          .sort((a, b) => a.order - b.order)
          .map((part) => ({ bucket: part.bucket, ...toFigures(part.book) })),
      })),
    total: toFigures(total),
    largest: largest.map((position) => ({
      userId: position.userId.toString(),
      account: position.account,
      symbol: position.symbol,
      direction: position.direction,
      contracts: position.contracts,
      stake: fromMinor(position.stake),
      owedIfWins: fromMinor(position.owedIfWins),
      nextExpiry: position.nextExpiry?.toISOString() ?? null,
    })),
  };
}
