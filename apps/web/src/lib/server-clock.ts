/**
 * The server's clock as seen from this phone. Countdowns end at the server's expiry time, so a phone
 * whose clock runs a few seconds off would show them wrong; each tickers message says when the
 * server sent it. `sent − received` is the offset less the message's transit time, so the largest of
 * the recent samples is the best estimate of the offset.
 */
const SAMPLES = 20;
const samples: number[] = [];
let offsetMs = 0;

/** Records one server timestamp, taken from a message received at `receivedAt` (phone time). */
export function observeServerTime(sentAt: string, receivedAt: number = Date.now()): void {
  const sent = Date.parse(sentAt);
  if (Number.isNaN(sent)) return;
  samples.push(sent - receivedAt);
  if (samples.length > SAMPLES) samples.shift();
  offsetMs = Math.max(...samples);
}

/** Now, on the server's clock (the phone's own until the first tickers message). */
export function serverNow(): number {
  return Date.now() + offsetMs;
}

/** For tests: forget every sample. */
export function resetServerClock(): void {
  samples.length = 0;
  offsetMs = 0;
}
