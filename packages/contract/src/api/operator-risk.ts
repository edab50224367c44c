import { z } from "zod";
import { moneyString } from "../money-schema";
import { DESK_KINDS, DESK_PAGE_SIZE } from "../risk-constants";
import { cashierStatus } from "./cashier";
import { idString, isoTime } from "./common";
import { contractDirection, contractStatus } from "./trading";

/** One side (up or down) of a part of the book: its open contracts, their stakes, what they are owed if they win. */
const bookSide = z.object({
  contracts: z.number().int(),
  stake: moneyString,
  /** Σ stake × (1 + rate), each rounded down: what the house pays that side if it wins. */
  owedIfWins: moneyString,
});

/**
 * A part of the open book (a product's expiry minute, a product, everything) and the house's net result
 * under each outcome, every contract of the part ending the same way: the stakes it keeps minus what it
 * pays. Up wins: the up side is paid, the down side's stakes are kept; down wins, the reverse; a draw
 * returns every stake (ARCHITECTURE §5), so the house neither gains nor pays.
 */
const bookFigures = z.object({
  up: bookSide,
  down: bookSide,
  houseIfUpWins: moneyString,
  houseIfDownWins: moneyString,
  houseIfDraw: moneyString,
});
export type BookFigures = z.infer<typeof bookFigures>;

/**
 * Where a row of a product's book expires: `minute` (its start) for each of the next
 * `horizonMinutes`, and for earlier minutes whose contracts await settlement; `later` past them;
 * `pending` for contracts still waiting for their entry tick (their expiry is the entry tick's time
 * plus the duration, so not yet known).
 */
export const exposureBucket = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("pending") }),
  z.object({ kind: z.literal("minute"), minute: isoTime }),
  z.object({ kind: z.literal("later") }),
]);
export type ExposureBucket = z.infer<typeof exposureBucket>;

export const productExposure = bookFigures.extend({
  symbol: z.string(),
  /** Pending first, then minutes in time order, then later; only rows with open contracts. */
  rows: z.array(bookFigures.extend({ bucket: exposureBucket })),
});
export type ProductExposure = z.infer<typeof productExposure>;

/** One user's open contracts on one product and direction, taken together. */
export const openPosition = z.object({
  userId: idString,
  account: z.string(),
  symbol: z.string(),
  direction: contractDirection,
  contracts: z.number().int(),
  stake: moneyString,
  owedIfWins: moneyString,
  /** The soonest expiry among them; null while all wait for their entry tick. */
  nextExpiry: isoTime.nullable(),
});
export type OpenPosition = z.infer<typeof openPosition>;

/**
 * The house's exposure on contracts not yet settled or void (pending and open), per product,
 * direction and expiry minute, in total, and the largest positions.
 */
export const riskExposure = z.object({
  generatedAt: isoTime,
  horizonMinutes: z.number().int(),
  products: z.array(productExposure),
  total: bookFigures,
  largest: z.array(openPosition),
});
export type RiskExposure = z.infer<typeof riskExposure>;

export const deskKind = z.enum(DESK_KINDS);

/**
 * The desk's page cursor: for each kind, the last id a page showed ("c12.d7.w3"); a kind missing from
 * it has shown nothing yet.
 */
const DESK_CURSOR = /^[cdw]\d{1,19}(\.[cdw]\d{1,19}){0,2}$/;

export const deskQuery = z.object({
  kind: deskKind.optional(),
  /** A product's symbol: only contracts on it (deposits and withdrawals name no product). */
  symbol: z.string().trim().min(1).max(40).optional(),
  /** A user's account id, exactly. */
  account: z.string().trim().min(1).max(40).optional(),
  cursor: z.string().max(80).regex(DESK_CURSOR, { message: "VALIDATION_FAILED" }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(DESK_PAGE_SIZE),
});
export type DeskQuery = z.infer<typeof deskQuery>;

const deskUser = { userId: idString, account: z.string(), orderNo: z.string(), id: idString, at: isoTime };

export const deskItem = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("contract"),
    ...deskUser,
    symbol: z.string(),
    direction: contractDirection,
    stake: moneyString,
    durationSeconds: z.number().int(),
    status: contractStatus,
  }),
  z.object({
    kind: z.literal("deposit"),
    ...deskUser,
    amount: moneyString,
    status: cashierStatus,
  }),
  z.object({
    kind: z.literal("withdrawal"),
    ...deskUser,
    amount: moneyString,
    status: cashierStatus,
  }),
]);
export type DeskItem = z.infer<typeof deskItem>;

/**
 * New orders, deposits and withdrawals, newest first. `kinds`: those the operator's role may read
 * (deposits and withdrawals to their reviewers), the only ones listed.
 */
export const deskPage = z.object({
  kinds: z.array(deskKind),
  items: z.array(deskItem),
  nextCursor: z.string().nullable(),
});
export type DeskPage = z.infer<typeof deskPage>;
