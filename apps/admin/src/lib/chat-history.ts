import type { ChatMessage } from "@tickfair/contract";
import { formatAge } from "./format";

/** Seqs are decimal strings up to 18 digits: compared as BigInt, never as text or as numbers. */
export function compareSeq(a: string, b: string): number {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * The conversation as it is shown, oldest first: the history pages (each newest first, as the API
 * answers them) with what arrived since (the socket, the operator's own sends). A message may come
 * both ways, or twice after a follow again: each seq shows once.
 */
export function mergeMessages(
  pages: readonly (readonly ChatMessage[])[],
  live: readonly ChatMessage[],
): ChatMessage[] {
  const bySeq = new Map<string, ChatMessage>();
  for (const page of pages) for (const message of page) bySeq.set(message.seq, message);
  for (const message of live) if (!bySeq.has(message.seq)) bySeq.set(message.seq, message);
  return [...bySeq.values()].sort((a, b) => compareSeq(a.seq, b.seq));
}

/** The last seq shown ("0" before any): where the socket's follow starts. */
export function lastSeq(messages: readonly ChatMessage[]): string {
  return messages.at(-1)?.seq ?? "0";
}

/** The newest of the user's messages after `readUpTo`, to mark read; null when none is new. */
export function unreadUserSeq(messages: readonly ChatMessage[], readUpTo: string): string | null {
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const message = messages[i] as ChatMessage;
    if (compareSeq(message.seq, readUpTo) <= 0) return null;
    if (message.author === "user") return message.seq;
  }
  return null;
}

type HistoryItem =
  | { kind: "day"; key: string; at: string }
  | { kind: "message"; key: string; message: ChatMessage };

/** The operator's own calendar day of an instant ("2026-11-24"). */
const localDay = (iso: string) => {
  const at = new Date(iso);
  return `${at.getFullYear()}-${at.getMonth() + 1}-${at.getDate()}`;
};

/** The messages with a separator before the first of each day, in the operator's time zone. */
export function withDaySeparators(messages: readonly ChatMessage[]): HistoryItem[] {
  const items: HistoryItem[] = [];
  let day = "";
  for (const message of messages) {
    const next = localDay(message.at);
    if (next !== day) {
      items.push({ kind: "day", key: `day-${next}`, at: message.at });
      day = next;
    }
    items.push({ kind: "message", key: message.seq, message });
  }
  return items;
}

/** How long the user has waited for an answer ("12 min", "3 hr"), never less than nothing. */
export function waitingAge(since: string, now: number, locale: string): string {
  return formatAge(Math.max(0, now - new Date(since).getTime()), locale);
}
