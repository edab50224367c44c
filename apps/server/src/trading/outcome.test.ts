import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Direction, decideOutcome, payoutFor } from "./outcome";

const price = fc.bigInt({ min: 1n, max: 10n ** 18n });
const direction = fc.constantFrom<Direction>("up", "down");
const stake = fc.bigInt({ min: 1n, max: 10n ** 30n });
const rate = fc.integer({ min: 1, max: 100_000 });

describe("decideOutcome", () => {
  it("is a draw whenever exit equals entry, for either direction", () => {
    fc.assert(fc.property(direction, price, (d, p) => decideOutcome(d, p, p) === "draw"));
  });

  it("up wins exactly when the price rose, down exactly when it fell", () => {
    fc.assert(
      fc.property(price, price, (entry, exit) => {
        expect(decideOutcome("up", entry, exit) === "win").toBe(exit > entry);
        expect(decideOutcome("down", entry, exit) === "win").toBe(exit < entry);
      }),
    );
  });

  it("is symmetric: when prices differ, up and down get opposite results", () => {
    fc.assert(
      fc.property(price, price, (entry, exit) => {
        fc.pre(entry !== exit);
        const up = decideOutcome("up", entry, exit);
        const down = decideOutcome("down", entry, exit);
        expect(new Set([up, down])).toEqual(new Set(["win", "lose"]));
        // Mirroring the move swaps the results.
        expect(decideOutcome("up", exit, entry)).toBe(down);
      }),
    );
  });
});

describe("payoutFor", () => {
  it("pays at least the stake on a win and never more than stake × (1 + rate)", () => {
    fc.assert(
      fc.property(stake, rate, (s, r) => {
        const paid = payoutFor(s, r, "win");
        expect(paid >= s).toBe(true);
        // paid ≤ s·(1 + r/10000)  ⇔  paid·10000 ≤ s·(10000 + r)
        expect(paid * 10_000n <= s * (10_000n + BigInt(r))).toBe(true);
      }),
    );
  });

  it("is the exact floor: less than one minor unit below the exact amount, even for huge stakes", () => {
    fc.assert(
      fc.property(stake, rate, (s, r) => {
        const exactTimes10k = s * (10_000n + BigInt(r));
        const paid = payoutFor(s, r, "win");
        expect(exactTimes10k - paid * 10_000n >= 0n).toBe(true);
        expect(exactTimes10k - paid * 10_000n < 10_000n).toBe(true);
      }),
    );
  });

  it("returns the stake on a draw or void and nothing on a loss", () => {
    fc.assert(
      fc.property(stake, rate, (s, r) => {
        expect(payoutFor(s, r, "draw")).toBe(s);
        expect(payoutFor(s, r, "void")).toBe(s);
        expect(payoutFor(s, r, "lose")).toBe(0n);
      }),
    );
  });

  it("rounds known cases down to the cent", () => {
    expect(payoutFor(1_000n, 8500, "win")).toBe(1_850n);
    expect(payoutFor(1_001n, 8500, "win")).toBe(1_851n); // 1851.85 → 1851
    expect(payoutFor(1n, 8500, "win")).toBe(1n); // 1.85 → 1
    expect(payoutFor(10n ** 40n + 7n, 9999, "win")).toBe(((10n ** 40n + 7n) * 19_999n) / 10_000n);
    expect(payoutFor(99_999_999_999_999_999n, 1, "win")).toBe(100_009_999_999_999_998n);
  });

  it("gives up and down the same payout for mirrored moves", () => {
    fc.assert(
      fc.property(price, price, stake, rate, (entry, exit, s, r) => {
        const up = payoutFor(s, r, decideOutcome("up", entry, exit));
        const down = payoutFor(s, r, decideOutcome("down", exit, entry));
        expect(up).toBe(down);
      }),
    );
  });
});
