export { decimalsOf, formatScaled, minorOf, scaledOf } from "./decimal";
export {
  emptyNode,
  type HashText,
  type LiabilityCheck,
  type LiabilityProof,
  leafNode,
  levelAbove,
  MAX_SUM_TREE_DEPTH,
  parentNode,
  rootOfPath,
  type SumNode,
  type SumPathStep,
  sumTreeLevels,
  sumTreePath,
  verifyLiabilityProof,
} from "./merkle-sum";
export {
  comparePrices,
  type Direction,
  type Outcome,
  outcomeOf,
  outcomeOfMove,
  type Result,
} from "./outcome";
export { payoutFor, winPayout } from "./payout";
export {
  type CitedTrade,
  type ContractTickRef,
  type FairProduct,
  isReceipt,
  type Receipt,
  type ReceiptContract,
  type ReceiptEpoch,
  type ReceiptFairness,
  type ReceiptSegment,
  type ReceiptTick,
  type ReceiptV1,
  receiptProblem,
  type SavedReceipt,
  type TickSources,
} from "./receipt";
export { SEED_BYTES, seedChain, seedLeadsTo } from "./seed-chain";
export { fromHex, sha256, sha256Hex, toHex, utf8 } from "./sha256";
export {
  epochPath,
  MAX_STEP_VOLATILITY_PPM,
  PATH_ALGORITHM,
  type PathParams,
  type PathTick,
  pathTick,
  stepVolatilityPpm,
} from "./synthetic-path";
export { type HashedTick, TICK_GENESIS_HASH, tickHash, tickHashInput } from "./tick-hash";
export {
  medianPrice,
  type ReceiptCheck,
  type ReceiptCheckName,
  type ReceiptVerification,
  verifyReceipt,
} from "./verify-receipt";
