import { type RelayRead, type RelayStamp, readStamp, relayStamp, stamped } from "../platform/relay-format";
import type { StoredTick } from "./stored-tick";

/** NOTIFY payloads stay under PostgreSQL's 8000-byte limit: about 300 bytes a tick, more with citations. */
const NOTIFY_MAX_CHARS = 7000;

/**
 * The format ticks are written in: the previous one, 1, which the release before this one reads (it
 * reads no other). This release reads both; the next one writes 2 (two steps, so processes of
 * neighbouring releases always read each other's ticks during a rolling deploy).
 */
export const TICKS_WRITTEN_AS = 1;

/** Groups ticks into NOTIFY payloads that each stay under the size limit. */
export function notifyPayloads(
  ticks: readonly StoredTick[],
  stamp: RelayStamp = relayStamp(TICKS_WRITTEN_AS),
): string[] {
  const payloads: string[] = [];
  let batch: StoredTick[] = [];
  for (const tick of ticks) {
    if (batch.length > 0 && serializeTicks([...batch, tick], stamp).length > NOTIFY_MAX_CHARS) {
      payloads.push(serializeTicks(batch, stamp));
      batch = [];
    }
    batch.push(tick);
  }
  if (batch.length > 0) payloads.push(serializeTicks(batch, stamp));
  return payloads;
}

type WireCitation = [exchange: string, instrument: string, tradeId: string, price: string, time: string];

/**
 * The wire form of stored ticks for NOTIFY (bigint and Date as text): format 1 was the list of ticks
 * alone, format 2 puts it under `ticks` beside the stamp.
 */
export function serializeTicks(ticks: readonly StoredTick[], stamp: RelayStamp = relayStamp()): string {
  const rows = ticks.map((tick) => [
    tick.symbol,
    tick.seq.toString(),
    tick.time.toISOString(),
    tick.price.toString(),
    tick.volume.toString(),
    tick.prevHash,
    tick.hash,
    tick.priceText,
    ...(tick.citations
      ? [
          tick.citations.map(
            (c): WireCitation => [c.exchange, c.instrument, c.tradeId, c.price, c.time.toISOString()],
          ),
        ]
      : []),
  ]);
  return JSON.stringify(stamp.format === 1 ? rows : stamped(stamp, { ticks: rows }));
}

type WireTick = [string, string, string, string, string, string, string, string, WireCitation[]?];

/** A payload's ticks, in this release's format or the previous one; throws on one that is not JSON. */
export function deserializeTicks(payload: string): RelayRead<StoredTick[]> {
  const parsed: unknown = JSON.parse(payload);
  const stamp = readStamp(parsed);
  if ("unknown" in stamp) return { readable: false, format: stamp.unknown };
  const rows = stamp.format === 1 ? (parsed as WireTick[]) : (parsed as { ticks: WireTick[] }).ticks;
  return { readable: true, ...stamp, message: fromRows(rows) };
}

function fromRows(rows: readonly WireTick[]): StoredTick[] {
  return rows.map(
    ([
      symbol = "",
      seq = "0",
      time = "",
      price = "0",
      volume = "0",
      prevHash = "",
      hash = "",
      priceText = "",
      citations,
    ]) => ({
      symbol,
      seq: BigInt(seq),
      time: new Date(time),
      price: BigInt(price),
      volume: BigInt(volume),
      prevHash,
      hash,
      priceText,
      ...(citations
        ? {
            citations: citations.map(([exchange, instrument, tradeId, price, at]) => ({
              exchange,
              instrument,
              tradeId,
              price,
              time: new Date(at),
            })),
          }
        : {}),
    }),
  );
}
