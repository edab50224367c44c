import { z } from "zod";
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
  durationSeconds: z.number().int().positive().max(86_400),
  quoteSeq: idString,
});
export type PlaceContractRequest = z.infer<typeof placeContractRequest>;

export const contract = z.object({
  id: idString,
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
