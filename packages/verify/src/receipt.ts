import type { Direction, Result } from "./outcome";

/**
 * A closed contract as a file anyone can check offline: the order, the ticks from its entry to its
 * exit with the hashes that chain them, the ledger postings that moved its money, and where its prices
 * came from — the epoch seeds of a synthetic product, or the trades a real feed's ticks cite.
 */
export interface Receipt {
  version: 1;
  contract: ReceiptContract;
  /** Every recorded tick from the entry to the exit (to expiry when void), oldest first. */
  ticks: ReceiptTick[];
  /** Ledger posting ids: the stake's, then the settlement's. */
  postings: string[];
  /** A synthetic product's commitment; null for a real feed or a product not on a chain. */
  fairness: ReceiptFairness | null;
  /** A real feed's cited trades, one entry per tick; null for a synthetic product. */
  sources: TickSources[] | null;
}

/** A tick a contract refers to. */
export interface ContractTickRef {
  seq: string;
  time: string;
  price: string;
  hash: string;
}

export interface ReceiptContract {
  id: string;
  orderNo: string;
  symbol: string;
  direction: Direction;
  /** Money: decimal text with two decimals. */
  stake: string;
  durationSeconds: number;
  payoutRateBps: number;
  acceptedAt: string;
  expiresAt: string | null;
  entry: ContractTickRef | null;
  exit: ContractTickRef | null;
  result: Result;
  payout: string;
  profit: string;
}

export interface ReceiptTick extends ContractTickRef {
  prevHash: string;
}

export interface ReceiptFairness {
  /** The path rule the prices follow (PATH_ALGORITHM). */
  algorithm: string;
  /** s_0 of the chain the epochs belong to, lowercase hex. */
  anchor: string;
  /** When the chain's epoch 1 starts. */
  chainStartsAt: string;
  epochMs: number;
  tickMs: number;
  product: FairProduct;
  /** The epochs the receipt's ticks fall in, with their seeds once revealed. */
  epochs: ReceiptEpoch[];
}

export interface FairProduct {
  symbol: string;
  precision: number;
  volumePrecision: number;
  stepVolatilityPpm: number;
  /** Scaled by 10^volumePrecision, decimal digits. */
  meanVolume: string;
}

export interface ReceiptEpoch {
  index: number;
  startsAt: string;
  /**
   * s_index, lowercase hex; null while the epoch has not ended (the seed is revealed at its end): the
   * prices of its ticks are checkable only from a receipt fetched after that.
   */
  seed: string | null;
  /** The epoch's opening price: decimal text at the product's precision. */
  opening: string;
}

export interface CitedTrade {
  exchange: string;
  tradeId: string;
  /** Decimal text as the exchange published it. */
  price: string;
  time: string;
}

export interface TickSources {
  seq: string;
  trades: CitedTrade[];
}

type Shape = (value: unknown, path: string) => string | null;

const fail = (path: string, wanted: string) => `${path || "receipt"} is not ${wanted}`;
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const text: Shape = (v, p) => (typeof v === "string" ? null : fail(p, "text"));
const pattern =
  (re: RegExp, wanted: string): Shape =>
  (v, p) =>
    typeof v === "string" && re.test(v) ? null : fail(p, wanted);
const integer =
  (min: number): Shape =>
  (v, p) =>
    Number.isSafeInteger(v) && (v as number) >= min ? null : fail(p, `an integer from ${min}`);
const oneOf =
  (...values: readonly unknown[]): Shape =>
  (v, p) =>
    values.includes(v) ? null : fail(p, `one of ${values.map((x) => JSON.stringify(x)).join(", ")}`);
const nullable =
  (shape: Shape): Shape =>
  (v, p) =>
    v === null ? null : shape(v, p);
const list =
  (shape: Shape): Shape =>
  (v, p) => {
    if (!Array.isArray(v)) return fail(p, "a list");
    for (let i = 0; i < v.length; i++) {
      const problem = shape(v[i], `${p}[${i}]`);
      if (problem) return problem;
    }
    return null;
  };
const object =
  (fields: Record<string, Shape>): Shape =>
  (v, p) => {
    if (!isObject(v)) return fail(p, "an object");
    for (const [key, shape] of Object.entries(fields)) {
      const problem = shape(v[key], p ? `${p}.${key}` : key);
      if (problem) return problem;
    }
    return null;
  };

const seq = pattern(/^\d{1,18}$/, "a tick number");
const id = pattern(/^\d{1,19}$/, "an id");
const time = pattern(
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/,
  "an ISO 8601 UTC time with milliseconds",
);
const hex64 = pattern(/^[0-9a-f]{64}$/, "64 lowercase hex digits");
const decimal = pattern(/^\d+(?:\.\d+)?$/, "a decimal");
const money = pattern(/^-?\d{1,16}(?:\.\d{1,2})?$/, "an amount");
const tickRef = { seq, time, price: decimal, hash: hex64 };

const receiptShape = object({
  version: oneOf(1),
  contract: object({
    id,
    orderNo: text,
    symbol: text,
    direction: oneOf("up", "down"),
    stake: money,
    durationSeconds: integer(1),
    payoutRateBps: integer(0),
    acceptedAt: time,
    expiresAt: nullable(time),
    entry: nullable(object(tickRef)),
    exit: nullable(object(tickRef)),
    result: oneOf("win", "lose", "draw", "void"),
    payout: money,
    profit: money,
  }),
  ticks: list(object({ ...tickRef, prevHash: hex64 })),
  postings: list(id),
  fairness: nullable(
    object({
      algorithm: text,
      anchor: hex64,
      chainStartsAt: time,
      epochMs: integer(1),
      tickMs: integer(1),
      product: object({
        symbol: text,
        precision: integer(0),
        volumePrecision: integer(0),
        stepVolatilityPpm: integer(1),
        meanVolume: pattern(/^\d+$/, "decimal digits"),
      }),
      epochs: list(object({ index: integer(1), startsAt: time, seed: nullable(hex64), opening: decimal })),
    }),
  ),
  sources: nullable(
    list(
      object({
        seq,
        trades: list(object({ exchange: text, tradeId: text, price: decimal, time: text })),
      }),
    ),
  ),
});

/** What is wrong with the shape of a would-be receipt (the first problem, by its path), or null. */
export const receiptProblem = (value: unknown): string | null => receiptShape(value, "");

/** Whether `value` has a receipt's shape (see receiptProblem for why not). */
export const isReceipt = (value: unknown): value is Receipt => receiptProblem(value) === null;
