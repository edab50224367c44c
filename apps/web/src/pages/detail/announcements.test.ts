import { type Contract, LOCALES } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import {
  COUNTDOWN_POINTS,
  countdownPoint,
  countdownSentence,
  priceSentence,
  resultSentence,
} from "./announcements";
import { tradingTranslator } from "./testing";

/** The points a countdown sampled once a second from `from` ms left says, in order. */
function spoken(from: number, step = 1000): number[] {
  const points: number[] = [];
  for (let left = from; left > -2000; left -= step) {
    const point = countdownPoint(left, left - step);
    if (point !== null) points.push(point);
  }
  return points;
}

const settled = (result: Contract["result"], payout: string, profit: string) =>
  ({ direction: "up", stake: "1234.50", result, payout, profit }) as const;

describe("the countdown's spoken points", () => {
  it("are 30 s, 10 s and the expiry, each once, in a 60 s contract", () => {
    expect(COUNTDOWN_POINTS).toEqual([30, 10, 0]);
    expect(spoken(60_000)).toEqual([30, 10, 0]);
    // Sampled off the whole second (a phone's timer drifts), still each once.
    expect(spoken(60_000 - 370)).toEqual([30, 10, 0]);
  });

  it("never tell a point the contract started at or below, nor one seen for the first time", () => {
    // A 30 s contract starts at 30 s: it has not passed it.
    expect(spoken(30_000)).toEqual([10, 0]);
    expect(countdownPoint(null, 25_000)).toBeNull();
    expect(countdownPoint(25_000, null)).toBeNull();
    expect(countdownPoint(25_000, 24_000)).toBeNull();
  });

  it("say only the latest point when the countdown jumped over several (the phone slept)", () => {
    expect(countdownPoint(31_000, 9_000)).toBe(10);
    expect(countdownPoint(31_000, -5_000)).toBe(0);
  });
});

describe("the announcements' sentences", () => {
  it("say the price and which way it went in words, the change unsigned, formatted for the locale", async () => {
    const t = await tradingTranslator("en");
    const quote = { name: "BTC/USDT", price: "43210.5", precision: 2 };
    expect(priceSentence(t, { ...quote, change: "1.25" }, "en")).toBe(
      "BTC/USDT: 43,210.50, up 1.25% in 24 hours",
    );
    expect(priceSentence(t, { ...quote, change: "-0.5" }, "en")).toBe(
      "BTC/USDT: 43,210.50, down 0.50% in 24 hours",
    );
    expect(priceSentence(t, { ...quote, change: "0" }, "en")).toBe(
      "BTC/USDT: 43,210.50, unchanged in 24 hours",
    );
    expect(priceSentence(t, { ...quote, change: null }, "en")).toBe("BTC/USDT: 43,210.50");
    const de = await tradingTranslator("de");
    expect(priceSentence(de, { ...quote, change: "-0.5" }, "de")).toBe(
      "BTC/USDT: 43.210,50, in 24 Stunden um 0,50\u00a0% gefallen",
    );
  });

  it("say the countdown's points with the contract's direction and stake", async () => {
    const t = await tradingTranslator("en");
    const contract = { direction: "down", stake: "1234.50" } as const;
    expect(countdownSentence(t, contract, 10, "en")).toBe("Down 1,234.50: 10 seconds left");
    expect(countdownSentence(t, contract, 0, "en")).toBe("Down 1,234.50: time is up, settling");
    const zh = await tradingTranslator("zh-CN");
    expect(countdownSentence(zh, contract, 30, "zh-CN")).toBe("跌 1,234.50：剩余 30 秒");
  });

  it("say a win with its payout and profit, a loss, and a refund with the stake", async () => {
    const t = await tradingTranslator("en");
    expect(resultSentence(t, settled("win", "2222.10", "987.60"), "en")).toBe(
      "You won: Up 1,234.50, payout 2,222.10, profit 987.60",
    );
    expect(resultSentence(t, settled("lose", "0.00", "-1234.50"), "en")).toBe(
      "You lost: Up 1,234.50, stake 1,234.50 lost",
    );
    expect(resultSentence(t, settled("draw", "1234.50", "0.00"), "en")).toBe(
      "Draw: Up 1,234.50, stake 1,234.50 refunded",
    );
    expect(resultSentence(t, settled(null, "1234.50", "0.00"), "en")).toBe(
      "Void: Up 1,234.50, stake 1,234.50 refunded",
    );
  });

  it("are written in every language, with no key or placeholder left over", async () => {
    for (const locale of LOCALES) {
      const t = await tradingTranslator(locale);
      const sentences = [
        priceSentence(t, { name: "BTC/USDT", price: "1", precision: 2, change: "1" }, locale),
        priceSentence(t, { name: "BTC/USDT", price: "1", precision: 2, change: "-1" }, locale),
        priceSentence(t, { name: "BTC/USDT", price: "1", precision: 2, change: "0" }, locale),
        countdownSentence(t, { direction: "up", stake: "10" }, 10, locale),
        countdownSentence(t, { direction: "up", stake: "10" }, 0, locale),
        ...(["win", "lose", "draw", "void"] as const).map((result) =>
          resultSentence(t, settled(result, "18.00", "8.00"), locale),
        ),
      ];
      for (const sentence of sentences) expect(sentence, locale).not.toMatch(/announce|trading\.|\{\{/);
      expect(new Set(sentences).size, locale).toBe(sentences.length);
    }
  });
});
