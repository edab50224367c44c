import { CANDLE_INTERVALS, LOCALES } from "@tickfair/contract";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { aggregateCandles, bucketStart, type CandleTick, mergeCandles, stats24h, window24h } from "./candles";
import { CATALOGUE } from "./catalogue";
import { TICK_GENESIS_HASH, tickHash, tickHashInput } from "./hash";
import { changePercent, formatScaled, parseScaled, rescale, toScaledPrice } from "./prices";
import { effectiveStatus, isWithinTradingHours, nextOpening } from "./schedule";
import { matchesQuery, symbolCode } from "./service";

describe("prices", () => {
  it("formats and parses scaled integers exactly", () => {
    expect(formatScaled(6701235n, 2)).toBe("67012.35");
    expect(formatScaled(105000n, 5)).toBe("1.05000");
    expect(formatScaled(7n, 3)).toBe("0.007");
    expect(formatScaled(-125n, 2)).toBe("-1.25");
    expect(formatScaled(250000n, 0)).toBe("250000");
    expect(parseScaled("67012.35", 2)).toBe(6701235n);
    expect(parseScaled("1.05", 5)).toBe(105000n);
    expect(parseScaled("31", 3)).toBe(31000n);
    expect(() => parseScaled("1.234", 2)).toThrow(RangeError);
    expect(() => parseScaled("1e5", 2)).toThrow(RangeError);
  });

  it("round-trips any value at any precision", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
        fc.integer({ min: 0, max: 8 }),
        (v, p) => {
          expect(parseScaled(formatScaled(v, p), p)).toBe(v);
        },
      ),
    );
  });

  it("computes the change in percent with two decimals, rounding half away from zero", () => {
    expect(changePercent(11000n, 10500n)).toBe("-4.55");
    expect(changePercent(10000n, 10125n)).toBe("1.25");
    expect(changePercent(10000n, 10000n)).toBe("0.00");
    expect(changePercent(3n, 2n)).toBe("-33.33");
    expect(changePercent(8n, 9n)).toBe("12.50");
    expect(changePercent(0n, 5n)).toBe("0.00");
  });

  it("rescales by truncating, and converts simulator floats deterministically and never below one unit", () => {
    expect(rescale(123456789n, 6, 2)).toBe(12345n);
    expect(rescale(5n, 1, 2)).toBe(50n);
    expect(toScaledPrice(67012.345, 2)).toBe(6701235n);
    expect(toScaledPrice(1.0500049, 5)).toBe(105000n);
    expect(toScaledPrice(1e-9, 2)).toBe(1n);
  });
});

describe("tick hash", () => {
  it("is sha256 of prev|symbol|seq|ISO time|price, as served", () => {
    const fields = {
      prevHash: "prev",
      symbol: "BTC/USDT",
      seq: 1n,
      time: new Date("2026-01-05T08:00:00Z"),
      price: "95000.00",
    };
    expect(tickHashInput(fields)).toBe("prev|BTC/USDT|1|2026-01-05T08:00:00.000Z|95000.00");
    // Computed independently with `printf … | sha256sum`.
    expect(tickHash(fields)).toBe("1397dc8a8c6e808ccbbcc73fe3a91255ffa8b93db7b4198089c86d433a9874ee");
    expect(TICK_GENESIS_HASH).toMatch(/^0{64}$/);
  });
});

describe("candle buckets", () => {
  it("align to the epoch, days at 00:00 UTC", () => {
    const t = new Date("2026-01-05T23:59:59.999Z");
    expect(bucketStart(t, "1m").toISOString()).toBe("2026-01-05T23:59:00.000Z");
    expect(bucketStart(t, "5m").toISOString()).toBe("2026-01-05T23:55:00.000Z");
    expect(bucketStart(t, "15m").toISOString()).toBe("2026-01-05T23:45:00.000Z");
    expect(bucketStart(t, "1h").toISOString()).toBe("2026-01-05T23:00:00.000Z");
    expect(bucketStart(t, "1d").toISOString()).toBe("2026-01-05T00:00:00.000Z");
    expect(bucketStart(new Date("2026-01-06T00:00:00Z"), "1d").toISOString()).toBe(
      "2026-01-06T00:00:00.000Z",
    );
  });

  const tickArb = fc.record({
    seq: fc.bigInt({ min: 1n, max: 10_000n }),
    offset: fc.integer({ min: 0, max: 3 * 24 * 3600_000 }),
    price: fc.bigInt({ min: 1n, max: 10n ** 9n }),
    volume: fc.bigInt({ min: 0n, max: 10n ** 6n }),
  });

  it("aggregate the same however a sequence of ticks is split into batches", () => {
    fc.assert(
      fc.property(fc.array(tickArb, { minLength: 1, maxLength: 60 }), fc.nat(), (raw, cut) => {
        // A chain: unique seqs, time following seq.
        const ticks: CandleTick[] = raw
          .map((r, i) => ({ ...r, seq: BigInt(i + 1) }))
          .sort((a, b) => a.offset - b.offset)
          .map((r, i) => ({
            symbol: "X",
            seq: BigInt(i + 1),
            time: new Date(Date.UTC(2026, 0, 5) + r.offset),
            price: r.price,
            volume: r.volume,
          }));
        const whole = aggregateCandles(ticks);
        const split = cut % ticks.length;
        const merged = new Map<string, ReturnType<typeof aggregateCandles>[number]>();
        // The later batch first: open/close follow seq, not arrival.
        for (const part of [aggregateCandles(ticks.slice(split)), aggregateCandles(ticks.slice(0, split))]) {
          for (const candle of part) {
            const key = `${candle.period}|${candle.bucketStart.getTime()}`;
            const existing = merged.get(key);
            merged.set(key, existing ? mergeCandles(existing, candle) : candle);
          }
        }
        const sortKey = (c: { period: string; bucketStart: Date }) =>
          `${c.period}|${c.bucketStart.getTime()}`;
        expect([...merged.values()].sort((a, b) => sortKey(a).localeCompare(sortKey(b)))).toEqual(
          whole.sort((a, b) => sortKey(a).localeCompare(sortKey(b))),
        );
      }),
      { numRuns: 200 },
    );
  });

  it("make one candle per interval and bucket, across all seven intervals", () => {
    // Sunday 23:59:58 to Monday 00:00:00 UTC: every bucket ends, the week's too.
    const ticks: CandleTick[] = [
      { symbol: "X", seq: 1n, time: new Date("2026-01-04T23:59:58Z"), price: 100n, volume: 1n },
      { symbol: "X", seq: 2n, time: new Date("2026-01-04T23:59:59Z"), price: 90n, volume: 2n },
      { symbol: "X", seq: 3n, time: new Date("2026-01-05T00:00:00Z"), price: 120n, volume: 3n },
    ];
    const candles = aggregateCandles(ticks);
    expect(candles).toHaveLength(2 * CANDLE_INTERVALS.length);
    for (const period of CANDLE_INTERVALS) {
      const before = candles.find(
        (c) => c.period === period && c.bucketStart < new Date("2026-01-05T00:00:00Z"),
      );
      expect(before).toMatchObject({
        open: 100n,
        high: 100n,
        low: 90n,
        close: 90n,
        volume: 3n,
        amount: 280n,
      });
    }
  });
});

describe("24H window", () => {
  it("covers the partial first hour with minutes and the rest with hours", () => {
    expect(window24h(new Date("2026-01-06T12:17:30Z"))).toEqual({
      minutesFrom: new Date("2026-01-05T12:17:00Z"),
      hoursFrom: new Date("2026-01-05T13:00:00Z"),
    });
    // Starting on the hour, whole hours cover it all.
    expect(window24h(new Date("2026-01-06T12:00:30Z"))).toEqual({
      minutesFrom: new Date("2026-01-05T12:00:00Z"),
      hoursFrom: new Date("2026-01-05T12:00:00Z"),
    });
  });

  it("takes open from the oldest candle, extremes and sums over all, and rests on the last price when empty", () => {
    const c = (open: bigint, high: bigint, low: bigint, volume: bigint) => ({
      open,
      high,
      low,
      volume,
      amount: volume * open,
    });
    expect(stats24h([c(110n, 115n, 100n, 2n), c(105n, 130n, 95n, 3n)], 120n)).toEqual({
      open: 110n,
      high: 130n,
      low: 95n,
      volume: 5n,
      amount: 220n + 315n,
    });
    expect(stats24h([], 77n)).toEqual({ open: 77n, high: 77n, low: 77n, volume: 0n, amount: 0n });
  });
});

describe("trading hours", () => {
  // 2026-01-02 is a Friday, 2026-01-04 a Sunday, 2026-01-05 a Monday.
  it("keep the FX week from Sunday 22:00 to Friday 22:00 UTC; crypto never closes", () => {
    expect(isWithinTradingHours("fx_week", new Date("2026-01-02T21:59:59Z"))).toBe(true);
    expect(isWithinTradingHours("fx_week", new Date("2026-01-02T22:00:00Z"))).toBe(false);
    expect(isWithinTradingHours("fx_week", new Date("2026-01-03T12:00:00Z"))).toBe(false);
    expect(isWithinTradingHours("fx_week", new Date("2026-01-04T21:59:59Z"))).toBe(false);
    expect(isWithinTradingHours("fx_week", new Date("2026-01-04T22:00:00Z"))).toBe(true);
    expect(isWithinTradingHours("fx_week", new Date("2026-01-07T03:00:00Z"))).toBe(true);
    expect(isWithinTradingHours("always", new Date("2026-01-03T12:00:00Z"))).toBe(true);
    expect(nextOpening("fx_week", new Date("2026-01-03T12:00:00Z")).toISOString()).toBe(
      "2026-01-04T22:00:00.000Z",
    );
    expect(nextOpening("fx_week", new Date("2026-01-02T23:00:00Z")).toISOString()).toBe(
      "2026-01-04T22:00:00.000Z",
    );
    expect(nextOpening("fx_week", new Date("2026-01-04T00:00:00Z")).toISOString()).toBe(
      "2026-01-04T22:00:00.000Z",
    );
  });

  it("give a product's status: open, closed until the next opening, or maintenance until it reopens", () => {
    const saturday = new Date("2026-01-03T12:00:00Z");
    const monday = new Date("2026-01-05T08:00:00Z");
    const fx = { schedule: "fx_week" as const, status: "open" as const, reopensAt: null };
    expect(effectiveStatus(fx, saturday)).toEqual({
      status: "closed",
      reopensAt: new Date("2026-01-04T22:00:00Z"),
    });
    expect(effectiveStatus(fx, monday)).toEqual({ status: "open", reopensAt: null });
    expect(effectiveStatus({ ...fx, schedule: "always" }, saturday)).toEqual({
      status: "open",
      reopensAt: null,
    });
    const maintenance = {
      ...fx,
      status: "maintenance" as const,
      reopensAt: new Date("2026-01-05T09:00:00Z"),
    };
    expect(effectiveStatus(maintenance, monday)).toEqual({
      status: "maintenance",
      reopensAt: new Date("2026-01-05T09:00:00Z"),
    });
    expect(effectiveStatus(maintenance, new Date("2026-01-05T09:00:00Z")).status).toBe("open");
    expect(effectiveStatus({ ...maintenance, reopensAt: null }, monday)).toEqual({
      status: "maintenance",
      reopensAt: null,
    });
    // A reopening that falls on the weekend waits for the FX week.
    const friday = new Date("2026-01-02T12:00:00Z");
    expect(effectiveStatus({ ...maintenance, reopensAt: saturday }, friday)).toEqual({
      status: "maintenance",
      reopensAt: new Date("2026-01-04T22:00:00Z"),
    });
  });
});

describe("catalogue", () => {
  it("offers ten products across crypto, FX, metals and an index, named in every locale", () => {
    expect(CATALOGUE.map((p) => p.symbol)).toEqual([
      "BTC/USDT",
      "ETH/USDT",
      "SOL/USDT",
      "XAU/USD",
      "XAG/USD",
      "EUR/USD",
      "GBP/USD",
      "USD/JPY",
      "AUD/USD",
      "US500",
    ]);
    expect(new Set(CATALOGUE.map((p) => p.category))).toEqual(new Set(["crypto", "fx", "metal", "index"]));
    expect(new Set(CATALOGUE.map((p) => symbolCode(p.symbol))).size).toBe(CATALOGUE.length);
    for (const product of CATALOGUE) {
      expect(Object.keys(product.names).sort()).toEqual([...LOCALES].sort());
      for (const name of Object.values(product.names)) expect(name.trim()).not.toBe("");
      expect(product.durations.map((d) => d.seconds)).toEqual([30, 60, 180, 300]);
      for (const d of product.durations) {
        expect(d.payoutRateBps).toBeGreaterThanOrEqual(8000);
        expect(d.payoutRateBps).toBeLessThanOrEqual(9200);
      }
      expect(parseScaled(product.simulation.startPrice, product.precision)).toBeGreaterThan(0n);
      expect(parseScaled(product.simulation.meanVolume, product.volumePrecision)).toBeGreaterThan(0n);
      expect(product.schedule).toBe(product.category === "crypto" ? "always" : "fx_week");
    }
  });
});

describe("search", () => {
  const gold = CATALOGUE.find((p) => p.symbol === "XAU/USD");
  const btc = CATALOGUE.find((p) => p.symbol === "BTC/USDT");
  it("matches symbols ignoring case and separators, and names in any language", () => {
    if (!gold || !btc) throw new Error("catalogue changed");
    expect(matchesQuery(btc, "btc")).toBe(true);
    expect(matchesQuery(btc, "BTC-usdt")).toBe(true);
    expect(matchesQuery(btc, "btcusdt")).toBe(true);
    expect(matchesQuery(btc, "比特")).toBe(true);
    expect(matchesQuery(btc, "BITCOIN")).toBe(true);
    expect(matchesQuery(gold, "黄金")).toBe(true);
    expect(matchesQuery(gold, "gold")).toBe(true);
    expect(matchesQuery(gold, "ทองคำ")).toBe(true);
    expect(matchesQuery(gold, "bitcoin")).toBe(false);
    expect(matchesQuery(gold, "  ")).toBe(true);
  });
});
