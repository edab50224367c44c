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
