import type { ChatMessage } from "@tickfair/contract";

/** Seqs are decimal strings beyond a double's precision: compared by length, then digit by digit. */
export function compareSeq(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The later of two seqs, either of which may be missing. */
export function laterSeq(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return compareSeq(a, b) >= 0 ? a : b;
}

/**
 * The thread, oldest first, with `incoming` (a history page or a message from the socket) merged in:
 * a message the thread already holds is kept once, wherever it came from first.
 */
export function mergeMessages(
  thread: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
): ChatMessage[] {
  const bySeq = new Map(thread.map((message) => [message.seq, message]));
  for (const message of incoming) bySeq.set(message.seq, message);
  return [...bySeq.values()].sort((a, b) => compareSeq(a.seq, b.seq));
}

/** The seq to follow the conversation from: the newest the thread holds, "0" for none. */
export function newestSeq(thread: readonly ChatMessage[]): string {
  return thread.at(-1)?.seq ?? "0";
}
