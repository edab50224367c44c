import { z } from "zod";
import { MAX_DURATION_SECONDS } from "../market-constants";
import { moneyString, positiveMoneyString } from "../money-schema";
import { idString, isoTime, listOf, pageOf, pageQuery } from "./common";
import { priceString, tick } from "./market";

export const CONTRACT_DIRECTIONS = ["up", "down"] as const;
export const contractDirection = z.enum(CONTRACT_DIRECTIONS);
export type ContractDirection = z.infer<typeof contractDirection>;

/** pending: waiting for its entry tick; open: running until expiry; settled or void: closed. */
export const CONTRACT_STATUSES = ["pending", "open", "settled", "void"] as const;
export const contractStatus = z.enum(CONTRACT_STATUSES);
export type ContractStatus = z.infer<typeof contractStatus>;

export const CONTRACT_RESULTS = ["win", "lose", "draw", "void"] as const;
export const contractResult = z.enum(CONTRACT_RESULTS);
export type ContractResult = z.infer<typeof contractResult>;

/** A recorded tick a contract refers to, enough to check it against the product's hash chain. */
export const contractTick = z.object({
  seq: z.string(),
  time: isoTime,
  price: priceString,
  hash: z.string(),
});
export type ContractTick = z.infer<typeof contractTick>;

/**
 * An order to buy up or down. The client names no price and no time: the server takes both from ticks.
 * `quoteSeq` is the tick the user saw when confirming: an order arriving a few seconds after that tick
 * (a dropped network that came back) is refused with QUOTE_EXPIRED instead of placed at a price the
 * user never saw.
 */
export const placeContractRequest = z.object({
  symbol: z.string().trim().min(1).max(40),
  direction: contractDirection,
  stake: positiveMoneyString,
  durationSeconds: z.number().int().positive().max(MAX_DURATION_SECONDS),
  quoteSeq: idString,
});
export type PlaceContractRequest = z.infer<typeof placeContractRequest>;

/**
 * Which money a contract stakes: the user's real balance, or the practice account's virtual units
 * (ledger accounts of their own, never counted as real money anywhere).
 */
export const WALLETS = ["real", "practice"] as const;
export const wallet = z.enum(WALLETS);
export type Wallet = z.infer<typeof wallet>;

export const contract = z.object({
  id: idString,
  wallet,
  orderNo: z.string(),
  symbol: z.string(),
  direction: contractDirection,
  stake: moneyString,
  durationSeconds: z.number().int(),
  /** Fixed when the order was accepted: 8500 = a win pays stake × 1.85. */
  payoutRateBps: z.number().int(),
  status: contractStatus,
  acceptedAt: isoTime,
  entry: contractTick.nullable(),
  /** Entry tick time + duration; null until the entry tick is known. */
  expiresAt: isoTime.nullable(),
  exit: contractTick.nullable(),
  result: contractResult.nullable(),
  /** What the user received at settlement (stake included); null while open. */
  payout: moneyString.nullable(),
  /** payout − stake: the contract's result for P&L; null while open. */
  profit: moneyString.nullable(),
  settledAt: isoTime.nullable(),
});
export type Contract = z.infer<typeof contract>;

export const contractList = listOf(contract);
export type ContractList = z.infer<typeof contractList>;
export const contractPage = pageOf(contract);
export type ContractPage = z.infer<typeof contractPage>;
export const contractPageQuery = pageQuery;

/**
 * One contract with every recorded tick from its entry to its exit (at most 600), each with the hash it
 * links to, so a reader can recompute the chain from the entry to the exit (see TICK_GENESIS_HASH).
 */
export const contractDetail = contract.extend({ ticks: z.array(tick) });
export type ContractDetail = z.infer<typeof contractDetail>;

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);

/** A tick of a receipt: the contract's symbol is the receipt's. */
export const receiptTick = contractTick.extend({ prevHash: z.string() });

/** A trade a real feed's tick cites: the tick's price is the median of its trades' prices. */
export const citedTrade = z.object({
  exchange: z.string(),
  tradeId: z.string(),
  price: z.string(),
  time: isoTime,
});

/**
 * A synthetic product's commitment, as far as a receipt needs it: the chain's anchor and schedule, the
 * product's published parameters, and the revealed seed and opening price of each epoch the receipt's
 * ticks fall in (docs/fairness.md).
 */
export const receiptFairness = z.object({
  algorithm: z.string(),
  anchor: hex64,
  chainStartsAt: isoTime,
  epochMs: z.number().int().positive(),
  tickMs: z.number().int().positive(),
  product: z.object({
    symbol: z.string(),
    precision: z.number().int().nonnegative(),
    volumePrecision: z.number().int().nonnegative(),
    stepVolatilityPpm: z.number().int().positive(),
    /** Scaled by 10^volumePrecision. */
    meanVolume: z.string().regex(/^\d+$/),
  }),
  epochs: z.array(
    z.object({
      index: z.number().int().positive(),
      startsAt: isoTime,
      /** Null until the epoch has ended: its prices are checkable from a receipt fetched after that. */
      seed: hex64.nullable(),
      opening: priceString,
    }),
  ),
});

/**
 * One chain of a receipt's commitment: a contract open when a chain hands over to its successor has
 * two segments, each checked against its own anchor, and the successor's first epoch opens at the
 * predecessor's last price.
 */
export const receiptSegment = receiptFairness.extend({
  chainLength: z.number().int().positive(),
  /** Published as the successor of the chain that ends where it starts: opens at its last prices. */
  successor: z.boolean(),
});

/**
 * A closed contract as a file that verifies anywhere, offline (`verifyReceipt` of the verify package,
 * `npm run verify -- receipt FILE`): the order, every tick from the entry to the exit with its hash
 * links, the ledger postings of the stake and the settlement, and where the prices came from.
 */
export const contractReceipt = z.object({
  /** 2: a list of chain segments and the payout table version (the verifier still reads version 1). */
  version: z.literal(2),
  contract: contract
    .pick({
      id: true,
      orderNo: true,
      symbol: true,
      direction: true,
      stake: true,
      durationSeconds: true,
      payoutRateBps: true,
      acceptedAt: true,
      expiresAt: true,
      entry: true,
      exit: true,
    })
    .extend({
      /**
       * The version of the product's published terms the rate was taken from (it changes with every
       * change of the durations, rates or stake limits); null for a contract placed before versions
       * were recorded.
       */
      payoutTableVersion: z.number().int().positive().nullable(),
      result: contractResult,
      payout: moneyString,
      profit: moneyString,
    }),
  ticks: z.array(receiptTick),
  /** The stake's posting, then the settlement's. */
  postings: z.array(idString),
  /** Each chain the ticks fall in, oldest first; null for a real feed, or prices not committed. */
  fairness: z.array(receiptSegment).min(1).nullable(),
  /** Per tick of a real feed, the trades it cites; null for a synthetic product. */
  sources: z.array(z.object({ seq: z.string(), trades: z.array(citedTrade) })).nullable(),
});
export type ContractReceipt = z.infer<typeof contractReceipt>;
