import type { Direction, Result } from "./outcome";

/**
 * A closed contract as a file anyone can check offline: the order with the payout table it was priced
 * by, the ticks from its entry to its exit with the hashes that chain them, the ledger postings that
 * moved its money, and where its prices came from — the epoch seeds of every chain a synthetic
 * product's ticks fall in, or the trades a real feed's ticks cite. Version 2; a saved version 1
 * receipt (one chain, no payout table version) still verifies (SavedReceipt).
 */
export interface Receipt {
  version: 2;
  contract: ReceiptContract;
  /** Every recorded tick from the entry to the exit (to expiry when void), oldest first. */
  ticks: ReceiptTick[];
  /** Ledger posting ids: the stake's, then the settlement's. */
  postings: string[];
  /**
   * A synthetic product's commitment: one segment per chain the ticks fall in, oldest first (a contract
   * open when a chain hands over to its successor has two). Null for a real feed or a product on no chain.
   */
  fairness: ReceiptSegment[] | null;
  /** A real feed's cited trades, one entry per tick; null for a synthetic product. */
  sources: TickSources[] | null;
}

/** A version 1 receipt, as people may have saved it: one chain at most, no payout table version. */
export interface ReceiptV1 {
  version: 1;
  contract: Omit<ReceiptContract, "payoutTableVersion">;
  ticks: ReceiptTick[];
  postings: string[];
  fairness: ReceiptFairness | null;
  sources: TickSources[] | null;
}

/** Any receipt the verifier reads. */
export type SavedReceipt = Receipt | ReceiptV1;

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
  /**
   * The version of the product's published terms the rate was taken from: it changes with every change
   * of the durations, rates or stake limits, so two contracts with the same version were offered the
   * same table. Null for a contract placed before versions were recorded.
   */
  payoutTableVersion: number | null;
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

/** The commitment of one chain, as far as the receipt's ticks fall in it. */
export interface ReceiptSegment extends ReceiptFairness {
  /** The chain's number of epochs: its last epoch is `chainLength`. */
  chainLength: number;
  /**
   * Whether the chain was published as its predecessor's successor: it starts where that one ends and
   * its epoch 1 opens at the predecessor's last prices (else at its own published openings).
   */
  successor: boolean;
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

const contractFields = {
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
};
const fairnessFields = {
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
};
const common = {
  ticks: list(object({ ...tickRef, prevHash: hex64 })),
  postings: list(id),
  sources: nullable(
    list(
      object({
        seq,
        trades: list(object({ exchange: text, tradeId: text, price: decimal, time: text })),
      }),
    ),
  ),
};
const nonEmpty =
  (shape: Shape): Shape =>
  (v, p) =>
    Array.isArray(v) && v.length === 0 ? fail(p, "a list of at least one") : shape(v, p);

const shapes: Record<number, Shape> = {
  1: object({ contract: object(contractFields), ...common, fairness: nullable(object(fairnessFields)) }),
  2: object({
    contract: object({ ...contractFields, payoutTableVersion: nullable(integer(1)) }),
    ...common,
    fairness: nullable(
      nonEmpty(list(object({ ...fairnessFields, chainLength: integer(1), successor: oneOf(true, false) }))),
    ),
  }),
};
const version = oneOf(1, 2);

function receiptShape(value: unknown): string | null {
  if (!isObject(value)) return fail("", "an object");
  return version(value.version, "version") ?? (shapes[value.version as number] as Shape)(value, "");
}

/** What is wrong with the shape of a would-be receipt (the first problem, by its path), or null. */
export const receiptProblem = (value: unknown): string | null => receiptShape(value);

/** Whether `value` has the shape of a receipt of either version (see receiptProblem for why not). */
export const isReceipt = (value: unknown): value is SavedReceipt => receiptProblem(value) === null;
