import { createHash } from "node:crypto";
import { type ContractDetail, type ContractReceipt, fromMinor, type Tick, toMinor } from "@tickfair/contract";
import { sha256Hex, tickHashInput } from "@tickfair/verify";
import { describe, expect, it } from "vitest";
import {
  type CheckName,
  revealsAt,
  serverCheckHolds,
  verifySavedReceipt,
  verifyShownContract,
} from "./verify-contract";

const SYMBOL = "BTC/USDT";
const nodeSha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** A hash chain of ticks seq 41.. one second apart, hashed by node:crypto as the server does. */
function chain(prices: string[], prevHash = "a".repeat(64)): Tick[] {
  const ticks: Tick[] = [];
  let prev = prevHash;
  prices.forEach((price, n) => {
    const base = {
      symbol: SYMBOL,
      seq: String(41 + n),
      time: new Date(Date.UTC(2026, 0, 5, 8, 0, 1 + n)).toISOString(),
      price,
      prevHash: prev,
    };
    const tick = { ...base, hash: nodeSha256(tickHashInput(base)) };
    ticks.push(tick);
    prev = tick.hash;
  });
  return ticks;
}

const ref = (tick: Tick) => ({ seq: tick.seq, time: tick.time, price: tick.price, hash: tick.hash });

/** A 30 s UP contract of 10.00 at 80 % entered at the first tick and closed at the last one. */
function settledUp(ticks: Tick[], result: ContractDetail["result"], payout: string): ContractDetail {
  const entry = ticks[0] as Tick;
  const exit = ticks.at(-1) as Tick;
  return {
    id: "7",
    wallet: "real",
    orderNo: "C0000000007",
    symbol: SYMBOL,
    direction: "up",
    stake: "10.00",
    durationSeconds: 4,
    payoutRateBps: 8000,
    status: result === "void" ? "void" : "settled",
    acceptedAt: "2026-01-05T08:00:00.500Z",
    entry: ref(entry),
    expiresAt: new Date(Date.parse(entry.time) + 4000).toISOString(),
    exit: ref(exit),
    result,
    payout,
    profit: fromMinor(toMinor(payout) - toMinor("10.00")),
    settledAt: "2026-01-05T08:00:06.000Z",
    ticks,
  };
}

/** The receipt the server would serve for `contract`, with the ticks it lists. */
function receiptFor(contract: ContractDetail): ContractReceipt {
  const { ticks, status, settledAt, orderNo, result, payout, profit, ...terms } = contract;
  return {
    version: 2,
    contract: {
      ...terms,
      payoutTableVersion: 1,
      orderNo,
      result: result ?? "void",
      payout: payout ?? "",
      profit: profit ?? "",
    },
    ticks: ticks.map(({ symbol, ...tick }) => tick),
    postings: ["31", "58"],
    fairness: null,
    sources: null,
  };
}

/** What the phone checks of the contract on screen, from its receipt. */
const verifyContract = async (contract: ContractDetail) =>
  verifyShownContract(contract, receiptFor(contract));

const failed = (checks: { name: CheckName; ok: boolean; seq: string | null }[]) =>
  checks.filter((c) => !c.ok).map((c) => [c.name, c.seq]);

describe("sha256Hex", () => {
  it("computes what node:crypto computes", () => {
    const text = tickHashInput(chain(["67012.35"])[0] as Tick);
    expect(sha256Hex(text)).toBe(nodeSha256(text));
    expect(sha256Hex("価格|฿")).toBe(nodeSha256("価格|฿"));
  });
});

describe("verifyContract", () => {
  const ticks = chain(["100.00", "100.20", "99.90", "100.10", "100.40"]);

  it("passes an intact winning contract, recomputing every hash", async () => {
    const verification = await verifyContract(settledUp(ticks, "win", "18.00"));
    expect(failed(verification.checks)).toEqual([]);
    expect(verification.ok).toBe(true);
    expect(verification.ticks).toBe(5);
    expect(verification.checks.map((c) => c.name)).toEqual([
      "hashes",
      "links",
      "entry",
      "exit",
      "timing",
      "result",
      "payout",
      "shown",
    ]);
  });

  it("catches a price changed after it was recorded", async () => {
    const tampered = ticks.map((t) => (t.seq === "43" ? { ...t, price: "99.80" } : t));
    const verification = await verifyContract(settledUp(tampered, "win", "18.00"));
    expect(verification.ok).toBe(false);
    expect(failed(verification.checks)).toEqual([["hashes", "43"]]);
  });

  it("catches a changed exit price even when the result was recomputed to match", async () => {
    const tampered = ticks.map((t) => (t.seq === "45" ? { ...t, price: "99.00" } : t));
    const contract = settledUp(tampered, "lose", "0.00");
    const verification = await verifyContract(contract);
    expect(failed(verification.checks)).toEqual([["hashes", "45"]]);
  });

  it("catches a tick whose prevHash does not link to the tick before it", async () => {
    // The tick is re-hashed after its link was changed, so only the link is wrong.
    const broken = ticks.map((t) => {
      if (t.seq !== "44") return t;
      const relinked = { ...t, prevHash: "b".repeat(64) };
      return { ...relinked, hash: nodeSha256(tickHashInput(relinked)) };
    });
    const verification = await verifyContract(settledUp(broken, "win", "18.00"));
    expect(verification.ok).toBe(false);
    expect(failed(verification.checks)).toContainEqual(["links", "44"]);
  });

  it("catches a missing tick in the chain", async () => {
    const gap = ticks.filter((t) => t.seq !== "43");
    const verification = await verifyContract(settledUp(gap, "win", "18.00"));
    expect(failed(verification.checks)).toEqual([["links", "44"]]);
  });

  it("catches a result that does not follow from the prices", async () => {
    const verification = await verifyContract(settledUp(ticks, "lose", "0.00"));
    expect(verification.ok).toBe(false);
    expect(failed(verification.checks)).toEqual([["result", null]]);
  });

  it("catches a wrong payout for the result", async () => {
    const verification = await verifyContract(settledUp(ticks, "win", "18.50"));
    expect(failed(verification.checks)).toEqual([["payout", null]]);
  });

  it("treats equal entry and exit prices as a draw that returns the stake", async () => {
    const flat = chain(["100.00", "101.00", "100.00"]);
    const draw = { ...settledUp(flat, "draw", "10.00"), durationSeconds: 2 };
    draw.expiresAt = new Date(Date.parse(flat[0]?.time ?? "") + 2000).toISOString();
    expect((await verifyContract(draw)).ok).toBe(true);
    expect(failed((await verifyContract({ ...draw, result: "win" })).checks)).toContainEqual([
      "result",
      null,
    ]);
  });

  it("wants the chain to start at the entry tick and end at the exit tick", async () => {
    const contract = settledUp(ticks, "win", "18.00");
    const shortened = await verifyContract({ ...contract, ticks: ticks.slice(0, 4) });
    expect(failed(shortened.checks)).toEqual([["exit", "44"]]);
    const late = await verifyContract({ ...contract, ticks: ticks.slice(1) });
    expect(failed(late.checks)).toContainEqual(["entry", "42"]);
  });

  it("catches an exit after expiry and an entry before acceptance", async () => {
    const contract = settledUp(ticks, "win", "18.00");
    const early = await verifyContract({
      ...contract,
      durationSeconds: 3,
      expiresAt: ticks[3]?.time ?? null,
    });
    expect(failed(early.checks)).toEqual([["timing", null]]);
    const before = await verifyContract({ ...contract, acceptedAt: ticks[0]?.time ?? "" });
    expect(failed(before.checks)).toEqual([["timing", null]]);
  });

  it("passes a void contract without an exit tick, whose stake came back", async () => {
    const contract = settledUp(ticks, "void", "10.00");
    const verification = await verifyContract({ ...contract, exit: null });
    expect(failed(verification.checks)).toEqual([]);
    // With an exit tick, the prices decide: void is then wrong.
    expect(failed((await verifyContract(contract)).checks)).toContainEqual(["result", null]);
  });

  it("passes a void contract that never got an entry tick", async () => {
    const contract = settledUp(ticks, "void", "10.00");
    const verification = await verifyContract({
      ...contract,
      entry: null,
      exit: null,
      expiresAt: null,
      ticks: [],
    });
    expect(verification.ok).toBe(true);
    expect(verification.checks.map((c) => c.name)).toEqual(["entry", "timing", "result", "payout", "shown"]);
  });

  it("refuses a receipt of another contract than the one on screen", () => {
    const contract = settledUp(ticks, "win", "18.00");
    const receipt = receiptFor(contract);
    expect(failed(verifyShownContract({ ...contract, id: "8" }, receipt).checks)).toEqual([["shown", null]]);
    expect(failed(verifyShownContract({ ...contract, payout: "18.50" }, receipt).checks)).toEqual([
      ["shown", null],
    ]);
    expect(failed(verifyShownContract({ ...contract, exit: contract.entry }, receipt).checks)).toEqual([
      ["shown", null],
    ]);
  });
});

describe("verifySavedReceipt", () => {
  const ticks = chain(["100.00", "100.20", "99.90"]);
  const contract = { ...settledUp(ticks, "lose", "0.00"), direction: "down" as const, durationSeconds: 2 };
  contract.expiresAt = new Date(Date.parse(ticks[0]?.time ?? "") + 2000).toISOString();
  contract.result = "win";
  contract.payout = "18.00";
  contract.profit = "8.00";

  it("verifies a saved file with no network, and says when it is not a receipt", () => {
    const saved = JSON.stringify(receiptFor(contract), null, 2);
    expect(failed(verifySavedReceipt(saved).checks)).toEqual([]);
    expect(verifySavedReceipt(saved).checks.map((c) => c.name)).not.toContain("shown");
    expect(
      verifySavedReceipt(saved.replaceAll('"99.90"', '"99.80"')).checks.find((c) => !c.ok),
    ).toMatchObject({
      name: "hashes",
      seq: "43",
    });
    expect(verifySavedReceipt("{ not json").checks).toEqual([
      { name: "format", ok: false, pending: false, reason: "not JSON", seq: null },
    ]);
    expect(failed(verifySavedReceipt(JSON.stringify({ hello: 1 })).checks)).toEqual([["format", null]]);
  });
});

describe("serverCheckHolds", () => {
  const intact = {
    symbol: SYMBOL,
    fromSeq: "41",
    toSeq: "71",
    checked: 31,
    valid: true,
    firstMismatchSeq: null,
  };

  it("holds when the server recomputed the whole range and found it intact", () => {
    expect(serverCheckHolds(intact, "41", "71")).toEqual({ ok: true, seq: null });
  });

  it("fails at the server's first mismatch", () => {
    const broken = { ...intact, toSeq: "55", checked: 14, valid: false, firstMismatchSeq: "55" };
    expect(serverCheckHolds(broken, "41", "71")).toEqual({ ok: false, seq: "55" });
  });

  it("fails when the server checked less than the contract's ticks", () => {
    expect(serverCheckHolds({ ...intact, toSeq: "60", checked: 20 }, "41", "71")).toEqual({
      ok: false,
      seq: "60",
    });
    expect(serverCheckHolds({ ...intact, checked: 30 }, "41", "71").ok).toBe(false);
  });
});

describe("revealsAt", () => {
  const epoch = (index: number, startsAt: string, seed: string | null) => ({
    index,
    startsAt,
    seed,
    opening: "100.00",
  });
  const segment = (chainStartsAt: string, epochs: ReturnType<typeof epoch>[]) => ({
    algorithm: "tickfair-synthetic-v1",
    anchor: "a".repeat(64),
    chainStartsAt,
    chainLength: 3,
    successor: false,
    epochMs: 10_000,
    tickMs: 1000,
    product: { symbol: "BTC/USDT", precision: 2, volumePrecision: 4, stepVolatilityPpm: 98, meanVolume: "1" },
    epochs,
  });
  const contract = settledUp(chain(["100.00", "100.20"]), "win", "18.00");

  it("is when the last unrevealed epoch of any chain ends, in a version 2 receipt and a saved version 1", () => {
    const crossing: ContractReceipt = {
      ...receiptFor(contract),
      fairness: [
        segment("2026-01-05T08:00:00.000Z", [epoch(3, "2026-01-05T08:00:20.000Z", "b".repeat(64))]),
        {
          ...segment("2026-01-05T08:00:30.000Z", [epoch(1, "2026-01-05T08:00:30.000Z", null)]),
          successor: true,
        },
      ],
    };
    expect(revealsAt(crossing)).toBe("2026-01-05T08:00:40.000Z");
    const {
      chainLength: _,
      successor: __,
      ...one
    } = segment("2026-01-05T08:00:00.000Z", [
      epoch(2, "2026-01-05T08:00:10.000Z", null),
      epoch(3, "2026-01-05T08:00:20.000Z", null),
    ]);
    const { payoutTableVersion: ___, ...terms } = crossing.contract;
    expect(revealsAt({ ...crossing, version: 1, contract: terms, fairness: one })).toBe(
      "2026-01-05T08:00:30.000Z",
    );
    expect(revealsAt({ ...crossing, fairness: null })).toBeNull();
    expect(revealsAt(null)).toBeNull();
  });
});
