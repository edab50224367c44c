import type { InfiniteData } from "@tanstack/react-query";
import type {
  AccountSummary,
  Contract,
  ContractList,
  ContractPage,
  MeResponse,
  ServerMessage,
} from "@tickfair/contract";
import { listen, setAccountToken } from "./live-socket";
import { queryClient, queryKeys } from "./query-client";

/** Newest first, as the server lists them (ids grow). */
const newestFirst = (a: Contract, b: Contract) =>
  a.id.length !== b.id.length ? b.id.length - a.id.length : a.id < b.id ? 1 : a.id > b.id ? -1 : 0;

function setSummary(summary: AccountSummary): void {
  // The personal center's figures change in place, without a reload.
  queryClient.setQueryData<MeResponse>(queryKeys.me, (me) => (me ? { ...me, summary } : me));
}

/** A contract got its entry tick: its open position now shows the entry price and the countdown. */
function contractOpened(contract: Contract): void {
  queryClient.setQueryData<ContractList>(queryKeys.openContracts, (list) =>
    list ? { items: [contract, ...list.items.filter((c) => c.id !== contract.id)].sort(newestFirst) } : list,
  );
  void queryClient.invalidateQueries({ queryKey: queryKeys.contract(contract.id) });
}

/** A contract closed: it leaves the positions, heads the closed records, and the figures follow. */
function contractSettled(contract: Contract, summary: AccountSummary): void {
  queryClient.setQueryData<ContractList>(queryKeys.openContracts, (list) =>
    list ? { items: list.items.filter((c) => c.id !== contract.id) } : list,
  );
  queryClient.setQueryData<InfiniteData<ContractPage>>(queryKeys.closedContracts, (data) => {
    const [first, ...rest] = data?.pages ?? [];
    if (!data || !first || data.pages.some((page) => page.items.some((c) => c.id === contract.id)))
      return data;
    // Later pages start after the previous page's last id, so putting it first shifts nothing.
    return { ...data, pages: [{ ...first, items: [contract, ...first.items] }, ...rest] };
  });
  void queryClient.invalidateQueries({ queryKey: queryKeys.contract(contract.id) });
  setSummary(summary);
  // The stake left frozen_trade and the payout (if any) reached cash: fund records changed.
  void queryClient.invalidateQueries({ queryKey: queryKeys.cashier });
}

/** What a server message does to the cached answers. */
export function applyServerMessage(message: ServerMessage): void {
  switch (message.type) {
    case "account.updated":
      setSummary(message.summary);
      // Fund records, deposits, withdrawals and the withdrawal quote are stale now.
      void queryClient.invalidateQueries({ queryKey: queryKeys.cashier });
      // A contract was placed or settled: the open positions and closed records changed.
      void queryClient.invalidateQueries({ queryKey: queryKeys.trading });
      return;
    case "contract.opened":
      contractOpened(message.contract);
      return;
    case "contract.settled":
      contractSettled(message.contract, message.summary);
      return;
    default:
      return;
  }
}

/**
 * The user's own events for `token` over the app's one socket (live-socket.ts): what each does to the
 * cached answers, and after a reconnection everything that may have moved meanwhile fetched again.
 * Returns the function that stops them (signing out).
 */
export function connectRealtime(token: string): () => void {
  let connectedBefore = false;
  const stopListening = listen((message) => {
    if (message.type === "ready") {
      if (connectedBefore) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.me });
        void queryClient.invalidateQueries({ queryKey: queryKeys.cashier });
        void queryClient.invalidateQueries({ queryKey: queryKeys.trading });
      }
      connectedBefore = true;
    } else {
      applyServerMessage(message);
    }
  });
  setAccountToken(token);
  return () => {
    setAccountToken(null);
    stopListening();
  };
}
