import { type RelayRead, type RelayStamp, readStamp, stamped } from "./relay-format";

/** An event's name with its references, each encoded as a short text by the event's renderer. */
export type WireEvent = [name: string, refs: string[]];

/** One notification of relayed events: the process that raised them, and the events. */
export interface UserEventsMessage {
  origin: string;
  events: WireEvent[];
}

/**
 * The NOTIFY payload of a message. Format 2 adds its stamp beside the fields of format 1, so a process
 * of the release before versions, which ignores fields it does not know, still reads it.
 */
export function serializeUserEvents(message: UserEventsMessage, stamp: RelayStamp): string {
  return JSON.stringify(stamped(stamp, { origin: message.origin, events: message.events }));
}

/** A payload's message, in this release's format or the previous one; throws on one that is not JSON. */
export function parseUserEvents(payload: string): RelayRead<UserEventsMessage> {
  const parsed: unknown = JSON.parse(payload);
  const stamp = readStamp(parsed);
  if ("unknown" in stamp) return { readable: false, format: stamp.unknown };
  const { origin, events } = parsed as UserEventsMessage;
  return { readable: true, ...stamp, message: { origin, events } };
}
