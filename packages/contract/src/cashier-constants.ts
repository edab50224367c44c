import type { PostingKind } from "./ledger-constants";

/**
 * The cashier's plain constants, apart from its zod schemas so a client can import them without
 * pulling in zod.
 */

/** The largest demo top-up. */
export const DEMO_TOP_UP_MAX = "999999.00";

/** The largest amount a cashier setting (a fee, a minimum, a review threshold) may name. */
export const CASHIER_SETTING_MAX = "100000000.00";

/** Networks a currency address can be on. */
export const CRYPTO_NETWORKS = ["TRC20", "ERC20", "BEP20", "BTC"] as const;
export type CryptoNetwork = (typeof CRYPTO_NETWORKS)[number];

/** The form of an address on each network (the server's rule, which the bind form checks first). */
const CRYPTO_ADDRESS: Record<CryptoNetwork, RegExp> = {
  TRC20: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  ERC20: /^0x[0-9a-fA-F]{40}$/,
  BEP20: /^0x[0-9a-fA-F]{40}$/,
  BTC: /^(bc1[02-9ac-hj-np-z]{11,71}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/,
};

export const isCryptoNetwork = (text: string): text is CryptoNetwork =>
  (CRYPTO_NETWORKS as readonly string[]).includes(text);

/** True for an address of the form `network` uses. */
export const isCryptoAddress = (network: CryptoNetwork, address: string) =>
  CRYPTO_ADDRESS[network].test(address);

/** What moved a user's money; each posting kind the ledger writes for a user's cash is one of these. */
export const FUND_RECORD_TYPES = [
  "deposit",
  "withdrawal",
  "withdrawal_return",
  "stake",
  "payout",
  "refund",
  "savings_in",
  "savings_out",
  "savings_income",
  "demo_grant",
] as const satisfies readonly PostingKind[];
