import type { ServerMessage } from "@tickfair/contract";
import { putClosedContract, putOpenedContract, putSavingsSummary, putSummary } from "./account-cache";
import { chatKeys } from "./chat-summary";
import { listen, setAccountToken } from "./live-socket";
import { queryClient, queryKeys } from "./query-client";
import { savingsKeys } from "./savings";
import { inboxKeys } from "./unread-count";
import { putVerificationStatus, verificationKey } from "./verification";

/** Money moved: fund records, deposits, withdrawals and the withdrawal quote, which no message carries. */
function refreshCashier(): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.cashier });
}

/** A contract's detail lists its ticks, which no message carries. */
function refreshContractDetail(id: string): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.contract(id) });
}

/** A broadcast reaches every app at once: each asks within this long, at a random moment. */
export const BROADCAST_SPREAD_MS = 3_000;

/** A message arrived: the badge's count and the message list, which no socket message carries. */
function refreshInbox(): void {
  void queryClient.invalidateQueries({ queryKey: inboxKeys.all });
}

/**
 * What a server message does to the cached answers: what it carries goes in as it is; only what it
 * does not carry is fetched again.
 */
export function applyServerMessage(message: ServerMessage): void {
  switch (message.type) {
    case "account.updated":
      putSummary(message.summary);
      refreshCashier();
      return;
    case "contract.opened":
      putOpenedContract(message.contract);
      refreshContractDetail(message.contract.id);
      return;
    case "contract.settled":
      putClosedContract(message.contract);
      refreshContractDetail(message.contract.id);
      // The figures after the settlement come with it; no account.updated follows.
      putSummary(message.summary);
      refreshCashier();
      return;
    case "withdrawal.updated":
      // A reviewer picked one up or its payment was sent: its timeline, which the message does not carry.
      refreshCashier();
      return;
    case "savings.updated":
      // A move, a confirmation or a day's income: the page's figures come with it.
      putSavingsSummary(message.summary);
      return;
    case "verification.updated":
      // A reviewer approved or rejected: the page shows it at once, the personal center its badge.
      putVerificationStatus(message.status);
      return;
    case "chat.changed":
      // Support wrote or resolved: the badge's count and the rating card, which it does not carry.
      void queryClient.invalidateQueries({ queryKey: chatKeys.all });
      return;
    case "inbox.changed":
      if (message.scope === "personal") refreshInbox();
      else setTimeout(refreshInbox, Math.random() * BROADCAST_SPREAD_MS);
      return;
    default:
      return;
  }
}

/**
 * What the user's events keep up to date, marked stale: refetched where shown, on next use elsewhere.
 * The server sends the events from "ready" on, so anything read before it may have missed some.
 */
export function refetchUserState(): void {
  for (const queryKey of [
    queryKeys.me,
    queryKeys.cashier,
    queryKeys.trading,
    savingsKeys.all,
    verificationKey,
    inboxKeys.all,
    chatKeys.all,
  ])
    void queryClient.invalidateQueries({ queryKey });
}

/**
 * The user's own events for `token` over the app's one socket (live-socket.ts): what each does to the
 * cached answers. At every "ready", the first included, whatever was read before it is fetched again:
 * a deposit confirmed while a page loaded, before its socket was listening, shows at once all the
 * same. Returns the function that stops them (signing out).
 */
export function connectRealtime(token: string): () => void {
  const stopListening = listen((message) => {
    if (message.type === "ready") refetchUserState();
    else applyServerMessage(message);
  });
  setAccountToken(token);
  return () => {
    setAccountToken(null);
    stopListening();
  };
}
