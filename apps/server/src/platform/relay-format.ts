/**
 * The format of the messages server processes relay to each other over NOTIFY. A rolling deploy runs
 * the old release beside the new one, so a reader takes its own format and the one before it; the first
 * releases wrote no version at all, which counts as 1. A change to any relayed message raises this by
 * one, and the readers keep the previous form.
 */
export const RELAY_FORMAT = 2;

/** The formats this release reads, and so may write (1 as a process of the previous release does). */
export type RelayFormat = typeof RELAY_FORMAT | 1;

/** What a writer puts on a message: its format and, from 2, when it was sent (ms since the epoch). */
export interface RelayStamp {
  format: RelayFormat;
  sentAt: number;
}

/** A message read from its payload, or the format it named when this release does not read that one. */
export type RelayRead<T> =
  | { readable: true; format: RelayFormat; sentAt: number | null; message: T }
  | { readable: false; format: unknown };

/** A stamp for a message sent now in `format`. */
export function relayStamp(format: RelayFormat = RELAY_FORMAT): RelayStamp {
  return { format, sentAt: Date.now() };
}

/** A message's fields under the stamp's (format 1 had none: the message stands alone). */
export function stamped<T extends object>(
  stamp: RelayStamp,
  fields: T,
): T | (T & { v: number; sentAt: number }) {
  return stamp.format === 1 ? fields : { v: stamp.format, sentAt: stamp.sentAt, ...fields };
}

/**
 * The format and send time a parsed payload names: an object's `v` and `sentAt`, format 1 without a
 * `v`; `unknown` holds a format this release does not read.
 */
export function readStamp(
  parsed: unknown,
): { format: RelayFormat; sentAt: number | null } | { unknown: unknown } {
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed) || !("v" in parsed)) {
    return { format: 1, sentAt: null };
  }
  const format = parsed.v;
  if (format !== RELAY_FORMAT && format !== RELAY_FORMAT - 1) return { unknown: format };
  const sentAt = "sentAt" in parsed && typeof parsed.sentAt === "number" ? parsed.sentAt : null;
  return { format: format as RelayFormat, sentAt };
}
