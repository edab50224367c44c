import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  emptyNode,
  leafNode,
  type SumNode,
  type SumPathStep,
  sumTreeLevels,
  sumTreePath,
  verifyLiabilityProof,
} from "./merkle-sum";

// An independent hash, so the package's own SHA-256 is checked against node's on every tree.
const nodeHash = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

const nonceArb = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString("hex"));
// Balances up to 2^96 minor units: sums far past Number's exact range.
const balanceArb = fc.bigInt({ min: 0n, max: 2n ** 96n });
const usersArb = fc.array(fc.record({ nonce: nonceArb, balance: balanceArb }), {
  minLength: 1,
  maxLength: 40,
});

function build(users: { nonce: string; balance: bigint }[]) {
  const levels = sumTreeLevels(
    users.map((u) => leafNode(u.nonce, u.balance, nodeHash)),
    nodeHash,
  );
  const root = levels.at(-1)?.[0] as SumNode;
  return { levels, root };
}

function proofOf(users: { nonce: string; balance: bigint }[], index: number) {
  const { levels, root } = build(users);
  const user = users[index] as { nonce: string; balance: bigint };
  return {
    root: root.hash,
    totalMinor: root.sum.toString(),
    nonce: user.nonce,
    balanceMinor: user.balance.toString(),
    path: sumTreePath(levels, index),
  };
}

describe("Merkle-sum tree of liabilities", () => {
  it("follows the published rule exactly for two users", () => {
    const a = "a".repeat(64);
    const b = "b".repeat(64);
    const left = nodeHash(`leaf|${a}|150`);
    const right = nodeHash(`leaf|${b}|0`);
    const { root } = build([
      { nonce: a, balance: 150n },
      { nonce: b, balance: 0n },
    ]);
    expect(root).toEqual({ hash: nodeHash(`${left}|150|${right}|0`), sum: 150n });
  });

  it("pairs an odd node with the empty leaf at every level", () => {
    const n = "c".repeat(64);
    const leaf = nodeHash(`leaf|${n}|7`);
    const empty = nodeHash("empty");
    const three = build([
      { nonce: n, balance: 7n },
      { nonce: n, balance: 7n },
      { nonce: n, balance: 7n },
    ]);
    const pair = nodeHash(`${leaf}|7|${leaf}|7`);
    const lone = nodeHash(`${leaf}|7|${empty}|0`);
    expect(three.root).toEqual({ hash: nodeHash(`${pair}|14|${lone}|7`), sum: 21n });
    expect(emptyNode(nodeHash).hash).toBe(empty);
  });

  it("makes one user's leaf the root, and an empty snapshot's root the empty leaf", () => {
    const n = "d".repeat(64);
    expect(build([{ nonce: n, balance: 42n }]).root).toEqual({ hash: nodeHash(`leaf|${n}|42`), sum: 42n });
    expect(sumTreeLevels([], nodeHash)).toEqual([[{ hash: nodeHash("empty"), sum: 0n }]]);
    expect(proofOf([{ nonce: n, balance: 42n }], 0).path).toEqual([]);
  });

  it("totals every balance, and every user's path reaches the root with this package's hash", () => {
    fc.assert(
      fc.property(usersArb, (users) => {
        const { root } = build(users);
        expect(root.sum).toBe(users.reduce((sum, u) => sum + u.balance, 0n));
        for (let i = 0; i < users.length; i++) {
          expect(verifyLiabilityProof(proofOf(users, i))).toEqual({ ok: true });
        }
      }),
      { numRuns: 40 },
    );
  });

  it("breaks the path when any one balance, nonce, sibling hash, sibling sum or side changes", () => {
    fc.assert(
      fc.property(
        usersArb,
        fc.nat(),
        fc.nat(),
        fc.bigInt({ min: 1n, max: 2n ** 64n }),
        (users, pick, stepPick, delta) => {
          const index = pick % users.length;
          const proof = proofOf(users, index);
          const check = (changed: typeof proof) => verifyLiabilityProof(changed, nodeHash).ok;
          expect(check({ ...proof, balanceMinor: (BigInt(proof.balanceMinor) + delta).toString() })).toBe(
            false,
          );
          const nonce = `${proof.nonce[0] === "0" ? "1" : "0"}${proof.nonce.slice(1)}`;
          expect(check({ ...proof, nonce })).toBe(false);
          expect(check({ ...proof, totalMinor: (BigInt(proof.totalMinor) + delta).toString() })).toBe(false);
          if (proof.path.length === 0) return;
          const at = stepPick % proof.path.length;
          const swap = (step: Partial<SumPathStep>) =>
            proof.path.map((s, i) => (i === at ? { ...s, ...step } : s));
          const step = proof.path[at] as SumPathStep;
          const hash = `${step.hash[0] === "0" ? "1" : "0"}${step.hash.slice(1)}`;
          expect(check({ ...proof, path: swap({ hash }) })).toBe(false);
          expect(
            check({ ...proof, path: swap({ sumMinor: (BigInt(step.sumMinor) + delta).toString() }) }),
          ).toBe(false);
          expect(check({ ...proof, path: swap({ side: step.side === "left" ? "right" : "left" }) })).toBe(
            false,
          );
        },
      ),
      { numRuns: 60 },
    );
  });

  it("refuses a negative or malformed sum before any arithmetic, and a path past the depth bound", () => {
    const users = [
      { nonce: "e".repeat(64), balance: 5n },
      { nonce: "f".repeat(64), balance: 9n },
    ];
    const proof = proofOf(users, 0);
    const step = proof.path[0] as SumPathStep;
    expect(verifyLiabilityProof({ ...proof, path: [{ ...step, sumMinor: "-9" }] })).toEqual({
      ok: false,
      problem: "format",
    });
    expect(verifyLiabilityProof({ ...proof, balanceMinor: "05" })).toEqual({ ok: false, problem: "format" });
    expect(verifyLiabilityProof({ ...proof, path: Array(31).fill(step) })).toEqual({
      ok: false,
      problem: "depth",
    });
    expect(() => leafNode("0".repeat(64), -1n)).toThrow(RangeError);
  });
});
