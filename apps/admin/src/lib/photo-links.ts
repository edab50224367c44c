import type { PhotoLink } from "@tickfair/contract";

/** Links this close to their end count as ended: the full-size image may take a moment to start. */
const LINK_MARGIN_MS = 15_000;

/** Whether either of a submission's photo links has ended (or is about to), so showing it needs fresh ones. */
export function photoLinksExpired(
  photos: { front: Pick<PhotoLink, "expiresAt">; back: Pick<PhotoLink, "expiresAt"> },
  now = Date.now(),
): boolean {
  const ends = Math.min(Date.parse(photos.front.expiresAt), Date.parse(photos.back.expiresAt));
  // An end nobody can read is treated as past: asking again is cheaper than a broken image.
  return !Number.isFinite(ends) || ends - LINK_MARGIN_MS <= now;
}
