import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { LOCALES, type SolvencyProof, type SolvencyRoot } from "@tickfair/contract";
import { leafNode, sumTreeLevels, sumTreePath } from "@tickfair/verify";
import { describe, expect, it } from "vitest";
import { formatMinor, pathRows, proofStatement, proofVerdict, shortHash } from "./solvency-proof";

/** The server hashes with node:crypto; the phone checks with the verify package's own SHA-256. */
const nodeSha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
const nonceOf = (n: number) => nodeSha256(`nonce ${n}`);

const DAY = "2026-11-27";
/** Five users (an odd count, so the last is paired with the empty leaf), one of them at zero. */
const BALANCES = [123_456n, 0n, 900_000_000_000_000_000_001n, 5n, 77_700n];

function snapshot(balances: readonly bigint[]) {
  const leaves = balances.map((balance, n) => leafNode(nonceOf(n), balance, nodeSha256));
  const levels = sumTreeLevels(leaves, nodeSha256);
  const top = levels.at(-1)?.[0];
  if (!top) throw new Error("no root");
  const published: SolvencyRoot = {
    day: DAY,
    root: top.hash,
    totalMinor: top.sum.toString(),
    users: balances.length,
    takenAt: "2026-11-27T16:00:05.000Z",
    attestation: null,
  };
  const proofOf = (n: number): SolvencyProof => ({
    day: DAY,
    root: top.hash,
    totalMinor: top.sum.toString(),
    nonce: nonceOf(n),
    balanceMinor: (balances[n] as bigint).toString(),
    path: sumTreePath(levels, n),
  });
  return { published, proofOf };
}

const { published, proofOf } = snapshot(BALANCES);

describe("the proof of balance, checked in the phone", () => {
  it("verifies every user's proof of a population against the root published for that day", () => {
    for (const n of BALANCES.keys())
      expect(proofVerdict(proofOf(n), [published]), `user ${n}`).toEqual({ ok: true });
  });

  it("fails a balance, a nonce or a sibling changed by the least amount", () => {
    const proof = proofOf(0);
    const fails = (changed: SolvencyProof) => proofVerdict(changed, [published]);
    expect(fails({ ...proof, balanceMinor: "123457" })).toEqual({ ok: false, problem: "root" });
    expect(fails({ ...proof, nonce: nonceOf(1) })).toEqual({ ok: false, problem: "root" });
    const [first, ...rest] = proof.path;
    if (!first) throw new Error("a path of five users has steps");
    const lighter = { ...first, sumMinor: (BigInt(first.sumMinor) + 1n).toString() };
    expect(fails({ ...proof, path: [lighter, ...rest] })).toEqual({ ok: false, problem: "root" });
    const swapped = { ...first, side: first.side === "left" ? ("right" as const) : ("left" as const) };
    expect(fails({ ...proof, path: [swapped, ...rest] })).toEqual({ ok: false, problem: "root" });
  });

  it("fails a total that is not what the path adds up to", () => {
    const proof = { ...proofOf(3), totalMinor: "1" };
    expect(proofVerdict(proof, [{ ...published, totalMinor: "1" }])).toEqual({ ok: false, problem: "total" });
  });

  it("fails a proof whose own tree holds but is not the one published to everyone", () => {
    // A tree made for this user alone: it climbs to its own root, which nobody else was shown.
    const alone = snapshot([123_456n]).proofOf(0);
    expect(proofVerdict(alone, [published])).toEqual({ ok: false, problem: "published" });
    expect(proofVerdict(proofOf(0), [])).toEqual({ ok: false, problem: "published" });
    expect(proofVerdict(proofOf(0), [{ ...published, day: "2026-11-26" }])).toEqual({
      ok: false,
      problem: "published",
    });
  });

  it("refuses a malformed proof before any arithmetic", () => {
    const negative = { ...proofOf(0), balanceMinor: "-1" };
    expect(proofVerdict(negative, [published])).toEqual({ ok: false, problem: "format" });
    const deep = {
      ...proofOf(0),
      path: Array.from({ length: 31 }, () => proofOf(0).path[0]),
    } as SolvencyProof;
    expect(proofVerdict(deep, [published])).toEqual({ ok: false, problem: "depth" });
  });

  it("names every failure in every locale", () => {
    const problems = ["format", "depth", "root", "total", "published"];
    for (const locale of LOCALES) {
      const file = new URL(`../i18n/locales/solvency/${locale}.json`, import.meta.url);
      const texts = JSON.parse(readFileSync(file, "utf8")) as {
        solvency: { problem: Record<string, string> };
      };
      expect(Object.keys(texts.solvency.problem).sort(), locale).toEqual([...problems].sort());
    }
  });
});

describe("the proof's figures", () => {
  it("formats minor units as the locale writes money, exactly at bigint scale", () => {
    expect(formatMinor("123456", "en")).toBe("1,234.56");
    expect(formatMinor("123456", "de")).toBe("1.234,56");
    expect(formatMinor("0", "en")).toBe("0.00");
    expect(formatMinor("5", "en")).toBe("0.05");
    // Past 2^53 cents: a float would round the last digits away.
    expect(formatMinor("900000000000000000001", "en")).toBe("9,000,000,000,000,000,000.01");
  });

  it("states the balance, the day and the total in the reader's locale", () => {
    const proof = { balanceMinor: "123456", day: DAY, totalMinor: "9876543" };
    expect(proofStatement(proof, "en")).toEqual({
      balance: "1,234.56",
      day: "Nov 27, 2026",
      total: "98,765.43",
    });
    expect(proofStatement(proof, "zh-CN")).toEqual({
      balance: "1,234.56",
      day: "2026年11月27日",
      total: "98,765.43",
    });
    expect(proofStatement(proof, "fr").day).toBe("27 nov. 2026");
  });

  it("lists the path from the leaf up with each sibling's side, sum and short hash", () => {
    const proof = proofOf(4);
    const rows = pathRows(proof, "en");
    expect(rows.map((row) => row.level)).toEqual([1, 2, 3]);
    // The fifth leaf's sibling is the empty leaf, on its right, with nothing in it.
    expect(rows[0]).toMatchObject({ side: "right", sum: "0.00", hash: shortHash(nodeSha256("empty")) });
    // Then the first four users' subtree, on its left.
    expect(rows[2]).toMatchObject({ side: "left", sum: "9,000,000,000,000,001,234.62" });
    expect(shortHash("a".repeat(64))).toBe("aaaaaaaa…aaaaaa");
  });
});
