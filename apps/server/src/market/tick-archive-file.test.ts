import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TICK_GENESIS_HASH, tickHash } from "./hash";
import { formatScaled } from "./prices";
import {
  ARCHIVE_FILE_TICKS,
  type ArchivedTick,
  ArchiveMismatch,
  archiveHashes,
  decodeArchive,
  encodeArchive,
  sha256Hex,
} from "./tick-archive-file";

const tickRun = fc
  .record({
    firstSeq: fc.bigInt({ min: 1n, max: 10n ** 12n }),
    start: fc.integer({ min: 0, max: 4_000_000_000_000 }),
    steps: fc.array(
      fc.record({
        dt: fc.integer({ min: 0, max: 86_400_000 }),
        price: fc.bigInt({ min: 1n, max: 10n ** 15n }),
        volume: fc.bigInt({ min: 0n, max: 10n ** 15n }),
      }),
      { minLength: 1, maxLength: 60 },
    ),
  })
  .map(({ firstSeq, start, steps }) => {
    let time = start;
    return steps.map((step, i): ArchivedTick => {
      time += step.dt;
      return { seq: firstSeq + BigInt(i), time: new Date(time), price: step.price, volume: step.volume };
    });
  });

describe("an archive file", () => {
  it("reads back every tick it was written with, and names itself by its sha256", () => {
    fc.assert(
      fc.property(tickRun, fc.integer({ min: 0, max: 8 }), (ticks, precision) => {
        const file = encodeArchive({ symbol: "BTC/USDT", precision, prevHash: TICK_GENESIS_HASH }, ticks);
        expect(file.sha256).toBe(sha256Hex(file.bytes));
        const { header, ticks: back } = decodeArchive(file.bytes);
        expect(header).toMatchObject({ symbol: "BTC/USDT", precision, count: ticks.length });
        expect(header.firstSeq).toBe(ticks[0]?.seq);
        expect(back).toEqual(ticks);
      }),
    );
  });

  it("recomputes the hashes the server would have stored for the same ticks", () => {
    fc.assert(
      fc.property(tickRun, (ticks) => {
        const prevHash = "ab".repeat(32);
        const { header, ticks: back } = decodeArchive(
          encodeArchive({ symbol: "EUR/USD", precision: 5, prevHash }, ticks).bytes,
        );
        let expected = prevHash;
        const hashes = ticks.map((tick) => {
          expected = tickHash({
            prevHash: expected,
            symbol: "EUR/USD",
            seq: tick.seq,
            time: tick.time,
            price: formatScaled(tick.price, 5),
          });
          return expected;
        });
        expect(archiveHashes(header, back)).toEqual(hashes);
      }),
      { numRuns: 30 },
    );
  });

  it("refuses a gap, too many ticks, and bytes that are not an archive", () => {
    const tick = (seq: bigint): ArchivedTick => ({ seq, time: new Date(0), price: 1n, volume: 0n });
    const header = { symbol: "BTC/USDT", precision: 2, prevHash: TICK_GENESIS_HASH };
    expect(() => encodeArchive(header, [tick(1n), tick(3n)])).toThrow(/does not follow/);
    expect(() => encodeArchive(header, [])).toThrow(/at least one/);
    const many = Array.from({ length: ARCHIVE_FILE_TICKS + 1 }, (_, i) => tick(BigInt(i + 1)));
    expect(() => encodeArchive(header, many)).toThrow(/at most/);
    expect(() => decodeArchive(Buffer.from("not gzip"))).toThrow(ArchiveMismatch);
  });
});
