import { fromHex, sha256, toHex } from "./sha256";

/** Seeds are 32 bytes; the chain's anchor is s_0. */
export const SEED_BYTES = 32;

/**
 * Every seed of a chain from its secret s_N, oldest first: [s_0 (the anchor), s_1, …, s_N], where
 * s_{k-1} = SHA-256(s_k). Epoch k plays on s_k, so revealing s_k tells nothing about s_{k+1}.
 */
export function seedChain(secret: Uint8Array, length: number): Uint8Array[] {
  if (secret.length !== SEED_BYTES) throw new RangeError("a chain's secret is 32 bytes");
  if (!Number.isSafeInteger(length) || length < 1) throw new RangeError("a chain has at least one epoch");
  const seeds: Uint8Array[] = new Array(length + 1);
  seeds[length] = secret;
  for (let k = length; k > 0; k--) seeds[k - 1] = sha256(seeds[k] as Uint8Array);
  return seeds;
}

/**
 * Whether `seed` (epoch `index`) hashes down to `earlier` (epoch `earlierIndex`, the anchor when 0) in
 * exactly `index - earlierIndex` steps. Hex in, so a served value is checked as served.
 */
export function seedLeadsTo(seed: string, index: number, earlier: string, earlierIndex = 0): boolean {
  const key = `${seed}|${index}|${earlier}|${earlierIndex}`;
  const known = walked.get(key);
  if (known !== undefined) return known;
  const holds = walkDown(seed, index - earlierIndex, earlier);
  if (walked.size >= WALKS_KEPT) walked.clear();
  walked.set(key, holds);
  return holds;
}

/**
 * Walks already made, by seed, index and target: verifying an epoch of every product checks the same
 * seed once per product, and late in a chain one walk is thousands of hashes.
 */
const walked = new Map<string, boolean>();
const WALKS_KEPT = 256;

function walkDown(seed: string, steps: number, earlier: string): boolean {
  if (!Number.isSafeInteger(steps) || steps < 1) return false;
  let current = fromHex(seed);
  if (current === null || current.length !== SEED_BYTES) return false;
  for (let i = 0; i < steps; i++) current = sha256(current);
  return toHex(current) === earlier;
}
