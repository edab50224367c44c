import type { ChatMessage } from "@tickfair/contract";

/**
 * Messages the user wrote that the server has not confirmed yet: shown at once, kept in localStorage
 * across reloads and offline spells, and sent again under the same key until the server has them
 * (its 200 for a key it knows, or the message coming back on the socket with that key). Pure: the
 * chat page holds the list and does the sending.
 */
export interface OutboxEntry {
  /** The key the server stores the message under: a resend never makes a second message. */
  clientKey: string;
  body: string;
  /** A photo already uploaded (/chat/photos): only its id waits in the outbox, not its bytes. */
  photoId?: string;
  /** When it was written (ISO): its place in the thread until it arrives. */
  at: string;
  /** "sending": on its way, or about to be; "failed": the last attempt got no answer. */
  state: "sending" | "failed";
}

export type Outbox = readonly OutboxEntry[];

/** 32 hex digits, within the contract's 8–64 [A-Za-z0-9_-] (randomUUID needs a secure context). */
export function newClientKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Each user's own outbox: a shared phone must not send one user's words as another's. */
export const outboxStorageKey = (userId: string) => `chat-outbox:${userId}`;

export function queueMessage(
  outbox: Outbox,
  body: string,
  clientKey: string,
  at: string,
  photoId?: string,
): Outbox {
  return [...outbox, { clientKey, body, at, state: "sending", ...(photoId ? { photoId } : {}) }];
}

/** What the server is sent for an entry. */
export function sendRequestOf(entry: OutboxEntry): { clientKey: string; body: string; photoId?: string } {
  const { clientKey, body, photoId } = entry;
  return photoId ? { clientKey, body, photoId } : { clientKey, body };
}

export function markEntry(outbox: Outbox, clientKey: string, state: OutboxEntry["state"]): Outbox {
  return outbox.map((entry) => (entry.clientKey === clientKey ? { ...entry, state } : entry));
}

export function removeEntry(outbox: Outbox, clientKey: string): Outbox {
  return outbox.filter((entry) => entry.clientKey !== clientKey);
}

/** Without the entries the server has shown it holds: their messages are in the thread now. */
export function settleDelivered(
  outbox: Outbox,
  delivered: readonly Pick<ChatMessage, "clientKey">[],
): Outbox {
  const keys = new Set(delivered.map((message) => message.clientKey));
  return outbox.filter((entry) => !keys.has(entry.clientKey));
}

/** The network came back or the page opened again: every entry is sent anew. */
export function retryAll(outbox: Outbox): Outbox {
  return outbox.map((entry) => (entry.state === "sending" ? entry : { ...entry, state: "sending" }));
}

/** What to send now, in the order the user wrote it. */
export function dueEntries(outbox: Outbox): OutboxEntry[] {
  return outbox.filter((entry) => entry.state === "sending");
}

function isEntry(value: unknown): value is OutboxEntry {
  if (typeof value !== "object" || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.clientKey === "string" &&
    typeof entry.body === "string" &&
    typeof entry.at === "string" &&
    (entry.photoId === undefined || typeof entry.photoId === "string")
  );
}

/** The stored outbox; anything unreadable is dropped rather than sent. */
export function readOutbox(storage: Pick<Storage, "getItem">, key: string): Outbox {
  try {
    const value: unknown = JSON.parse(storage.getItem(key) ?? "[]");
    return Array.isArray(value)
      ? value
          .filter(isEntry)
          .map((entry) => ({ ...entry, state: entry.state === "sending" ? "sending" : "failed" }))
      : [];
  } catch {
    return [];
  }
}

export function writeOutbox(
  storage: Pick<Storage, "setItem" | "removeItem">,
  key: string,
  outbox: Outbox,
): void {
  if (outbox.length === 0) storage.removeItem(key);
  else storage.setItem(key, JSON.stringify(outbox));
}

/** What one attempt at sending an entry came to. */
export type SendOutcome = { message: ChatMessage } | { error: unknown };

/**
 * Sends `entries` one after another, so that they arrive in the order written, reporting each. After
 * the first failure the rest are reported with the same error unsent: offline, they would only fail too.
 */
export async function sendInOrder(
  entries: readonly OutboxEntry[],
  send: (entry: OutboxEntry) => Promise<ChatMessage>,
  report: (entry: OutboxEntry, outcome: SendOutcome) => void,
): Promise<void> {
  let failure: { error: unknown } | null = null;
  for (const entry of entries) {
    if (failure) {
      report(entry, failure);
      continue;
    }
    try {
      report(entry, { message: await send(entry) });
    } catch (error) {
      failure = { error };
      report(entry, failure);
    }
  }
}
