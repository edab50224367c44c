import type { StoredTick } from "./stored-tick";

/** NOTIFY payloads stay under PostgreSQL's 8000-byte limit: about 300 bytes a tick, more with citations. */
const NOTIFY_MAX_CHARS = 7000;

/** Groups ticks into NOTIFY payloads that each stay under the size limit. */
export function notifyPayloads(ticks: readonly StoredTick[]): string[] {
  const payloads: string[] = [];
  let batch: StoredTick[] = [];
  for (const tick of ticks) {
    if (batch.length > 0 && serializeTicks([...batch, tick]).length > NOTIFY_MAX_CHARS) {
      payloads.push(serializeTicks(batch));
      batch = [];
    }
    batch.push(tick);
  }
  if (batch.length > 0) payloads.push(serializeTicks(batch));
  return payloads;
}

type WireCitation = [exchange: string, instrument: string, tradeId: string, price: string, time: string];

/** The wire form of stored ticks for NOTIFY (bigint and Date as text). */
export function serializeTicks(ticks: readonly StoredTick[]): string {
  return JSON.stringify(
    ticks.map((tick) => [
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
    ]),
  );
}

type WireTick = [string, string, string, string, string, string, string, string, WireCitation[]?];

export function deserializeTicks(payload: string): StoredTick[] {
  const rows = JSON.parse(payload) as WireTick[];
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
