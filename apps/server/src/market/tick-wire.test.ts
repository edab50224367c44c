import { describe, expect, it } from "vitest";
import { RELAY_FORMAT } from "../platform/relay-format";
import type { StoredTick } from "./stored-tick";
import { deserializeTicks, notifyPayloads, serializeTicks } from "./tick-wire";

const ticks: StoredTick[] = [
  {
    symbol: "ETH/USDT",
    seq: 41n,
    time: new Date("2026-01-05T09:00:00.000Z"),
    price: 330_000n,
    volume: 2n,
    prevHash: "a".repeat(64),
    hash: "b".repeat(64),
    priceText: "3300.00",
  },
  {
    symbol: "BTC/USDT",
    seq: 7n,
    time: new Date("2026-01-05T09:00:01.000Z"),
    price: 6_701_235n,
    volume: 1n,
    prevHash: "c".repeat(64),
    hash: "d".repeat(64),
    priceText: "67012.35",
    citations: [
      {
        exchange: "binance",
        instrument: "BTCUSDT",
        tradeId: "991",
        price: "67012.35",
        time: new Date("2026-01-05T09:00:00.900Z"),
      },
    ],
  },
];

describe("ticks on the wire", () => {
  it("reads what it writes, with the format and the send time", () => {
    const payload = serializeTicks(ticks, { format: RELAY_FORMAT, sentAt: 1_767_700_000_123 });
    expect(JSON.parse(payload)).toMatchObject({ v: 2, sentAt: 1_767_700_000_123 });
    expect(deserializeTicks(payload)).toEqual({
      readable: true,
      format: 2,
      sentAt: 1_767_700_000_123,
      message: ticks,
    });
  });

  it("reads and writes the previous release's form, a bare list", () => {
    const previous = serializeTicks(ticks, { format: 1, sentAt: 1_767_700_000_123 });
    expect(Array.isArray(JSON.parse(previous))).toBe(true);
    expect(deserializeTicks(previous)).toEqual({ readable: true, format: 1, sentAt: null, message: ticks });
  });

  it("refuses a format it does not know, naming it", () => {
    const rows = JSON.parse(serializeTicks(ticks, { format: 1, sentAt: 0 })) as unknown;
    expect(deserializeTicks(JSON.stringify({ v: 3, sentAt: 1, ticks: rows }))).toEqual({
      readable: false,
      format: 3,
    });
  });

  it("splits a long batch into payloads under the limit, each stamped alike", () => {
    const many = Array.from({ length: 60 }, (_, i) => ({ ...ticks[0], seq: BigInt(i) }) as StoredTick);
    const payloads = notifyPayloads(many, { format: RELAY_FORMAT, sentAt: 5 });
    expect(payloads.length).toBeGreaterThan(1);
    const read = payloads.map((payload) => deserializeTicks(payload));
    for (const payload of payloads) expect(payload.length).toBeLessThanOrEqual(7000);
    expect(read.every((r) => r.readable && r.sentAt === 5)).toBe(true);
    expect(read.flatMap((r) => (r.readable ? r.message : []))).toEqual(many);
  });

  it("writes ticks as the release before reads them, a bare list, until the next release", () => {
    const [payload = ""] = notifyPayloads(ticks);
    expect(JSON.parse(payload)).toBeInstanceOf(Array);
    expect(deserializeTicks(payload)).toMatchObject({ readable: true, format: 1, message: ticks });
  });
});
