import { sha256Hex } from "./sha256";

/**
 * The proof of liabilities' Merkle-sum tree (docs/solvency.md). Every node carries a hash and the sum
 * of the balances under it, and a parent's hash covers both children's sums, so a path from a user's
 * leaf to the published root proves the root's total counts that balance: no sum can be made smaller
 * without changing a hash the user checks. Hashes are lowercase hex, sums decimal minor units.
 */
export interface SumNode {
  hash: string;
  sum: bigint;
}

/** A step from the leaf up: the sibling, and the side it stands on. */
export interface SumPathStep {
  hash: string;
  sumMinor: string;
  side: "left" | "right";
}

/** SHA-256 of a text's UTF-8 bytes, as hex: the server passes node's, the phone this package's. */
export type HashText = (text: string) => string;

/** The tree's explicit bound: 2^30 leaves is far past any population the platform plans for. */
export const MAX_SUM_TREE_DEPTH = 30;

export function leafNode(nonce: string, balance: bigint, hash: HashText = sha256Hex): SumNode {
  if (balance < 0n) throw new RangeError("a liability is never negative");
  return { hash: hash(`leaf|${nonce}|${balance}`), sum: balance };
}

/** What pads an odd node and what an empty snapshot's root is. */
export function emptyNode(hash: HashText = sha256Hex): SumNode {
  return { hash: hash("empty"), sum: 0n };
}

export function parentNode(left: SumNode, right: SumNode, hash: HashText = sha256Hex): SumNode {
  return {
    hash: hash(`${left.hash}|${left.sum}|${right.hash}|${right.sum}`),
    sum: left.sum + right.sum,
  };
}

/** The level above `level`, its odd last node paired with the empty leaf. */
export function levelAbove(level: readonly SumNode[], hash: HashText = sha256Hex): SumNode[] {
  const empty = emptyNode(hash);
  const above: SumNode[] = [];
  for (let i = 0; i < level.length; i += 2) {
    const left = level[i] as SumNode;
    above.push(parentNode(left, level[i + 1] ?? empty, hash));
  }
  return above;
}

/**
 * Every level from the leaves (index 0) up to the root (the last, one node). No leaves make a tree of
 * the empty leaf alone; one leaf is its own root.
 */
export function sumTreeLevels(leaves: readonly SumNode[], hash: HashText = sha256Hex): SumNode[][] {
  const levels: SumNode[][] = [leaves.length === 0 ? [emptyNode(hash)] : [...leaves]];
  while ((levels.at(-1) as SumNode[]).length > 1) {
    if (levels.length > MAX_SUM_TREE_DEPTH) throw new RangeError("the tree is deeper than its bound");
    levels.push(levelAbove(levels.at(-1) as SumNode[], hash));
  }
  return levels;
}

/** The path of the leaf at `index` up to the root. */
export function sumTreePath(levels: readonly SumNode[][], index: number): SumPathStep[] {
  const leaves = levels[0] ?? [];
  if (!Number.isInteger(index) || index < 0 || index >= leaves.length) {
    throw new RangeError("no such leaf");
  }
  const path: SumPathStep[] = [];
  let at = index;
  for (const level of levels.slice(0, -1)) {
    const siblingAt = at ^ 1;
    const sibling = level[siblingAt] ?? emptyNode();
    path.push({
      hash: sibling.hash,
      sumMinor: sibling.sum.toString(),
      side: siblingAt < at ? "left" : "right",
    });
    at >>= 1;
  }
  return path;
}

/** The root a leaf and its path lead to. */
export function rootOfPath(leaf: SumNode, path: readonly SumPathStep[], hash: HashText = sha256Hex): SumNode {
  let node = leaf;
  for (const step of path) {
    const sibling = { hash: step.hash, sum: BigInt(step.sumMinor) };
    node = step.side === "left" ? parentNode(sibling, node, hash) : parentNode(node, sibling, hash);
  }
  return node;
}

/** What the phone is given: its own leaf's nonce and balance, the path, and the published root. */
export interface LiabilityProof {
  root: string;
  totalMinor: string;
  nonce: string;
  balanceMinor: string;
  path: readonly SumPathStep[];
}

export type LiabilityCheck = { ok: true } | { ok: false; problem: "format" | "depth" | "root" | "total" };

const HASH = /^[0-9a-f]{64}$/;
const MINOR = /^(0|[1-9]\d*)$/;

/**
 * Whether the proof's leaf, climbed along its path, reaches the published root and total. A sum that
 * is not a plain non-negative integer is refused before any arithmetic, so a negative sibling cannot
 * cancel a balance out of the total.
 */
export function verifyLiabilityProof(proof: LiabilityProof, hash: HashText = sha256Hex): LiabilityCheck {
  const wellFormed =
    HASH.test(proof.root) &&
    HASH.test(proof.nonce) &&
    MINOR.test(proof.totalMinor) &&
    MINOR.test(proof.balanceMinor) &&
    proof.path.every(
      (step) =>
        HASH.test(step.hash) && MINOR.test(step.sumMinor) && (step.side === "left" || step.side === "right"),
    );
  if (!wellFormed) return { ok: false, problem: "format" };
  if (proof.path.length > MAX_SUM_TREE_DEPTH) return { ok: false, problem: "depth" };
  const top = rootOfPath(leafNode(proof.nonce, BigInt(proof.balanceMinor), hash), proof.path, hash);
  if (top.hash !== proof.root) return { ok: false, problem: "root" };
  if (top.sum !== BigInt(proof.totalMinor)) return { ok: false, problem: "total" };
  return { ok: true };
}
