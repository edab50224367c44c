import type { InfiniteData } from "@tanstack/react-query";
import type {
  AccountSummary,
  Contract,
  ContractList,
  ContractPage,
  MeResponse,
  SavingsSummary,
} from "@tickfair/contract";
import { queryClient, queryKeys } from "./query-client";
import { savingsKeys } from "./savings";

/**
 * What the cached answers become when the server tells of the user's figures or contracts (an
 * answer or a socket message): changed in place from what it said, so nothing it carried is fetched
 * again.
 */

/** The cached lists a contract belongs in: its wallet's. */
function listsOf(contract: Contract) {
  return contract.wallet === "practice"
    ? { open: queryKeys.practiceOpenContracts, closed: queryKeys.practiceClosedContracts }
    : { open: queryKeys.openContracts, closed: queryKeys.closedContracts };
}

/** A practice contract moved practice units: the practice balance is read again. */
function practiceMoved(contract: Contract): void {
  if (contract.wallet === "practice")
    void queryClient.invalidateQueries({ queryKey: queryKeys.practiceAccount });
}

/** Newest first, as the server lists them (ids grow). */
const newestFirst = (a: Contract, b: Contract) =>
  a.id.length !== b.id.length ? b.id.length - a.id.length : a.id < b.id ? 1 : a.id > b.id ? -1 : 0;

/** The personal center's figures, without a reload. */
export function putSummary(summary: AccountSummary): void {
  queryClient.setQueryData<MeResponse>(queryKeys.me, (me) => (me ? { ...me, summary } : me));
}

/**
 * The order was accepted: it joins the positions, pending. The socket may have told of its entry
 * already, and that is newer than this answer.
 */
export function putPlacedContract(contract: Contract): void {
  practiceMoved(contract);
  queryClient.setQueryData<ContractList>(listsOf(contract).open, (list) =>
    list && !list.items.some((c) => c.id === contract.id)
      ? { items: [contract, ...list.items].sort(newestFirst) }
      : list,
  );
}

/** A contract got its entry tick: its open position shows the entry price and the countdown. */
export function putOpenedContract(contract: Contract): void {
  queryClient.setQueryData<ContractList>(listsOf(contract).open, (list) =>
    list ? { items: [contract, ...list.items.filter((c) => c.id !== contract.id)].sort(newestFirst) } : list,
  );
}

/** A contract closed: it leaves the positions and heads the closed records. */
export function putClosedContract(contract: Contract): void {
  practiceMoved(contract);
  const lists = listsOf(contract);
  queryClient.setQueryData<ContractList>(lists.open, (list) =>
    list ? { items: list.items.filter((c) => c.id !== contract.id) } : list,
  );
  queryClient.setQueryData<InfiniteData<ContractPage>>(lists.closed, (data) => {
    const [first, ...rest] = data?.pages ?? [];
    if (!data || !first || data.pages.some((page) => page.items.some((c) => c.id === contract.id)))
      return data;
    // Later pages start after the previous page's last id, so putting it first shifts nothing.
    return { ...data, pages: [{ ...first, items: [contract, ...first.items] }, ...rest] };
  });
}

/**
 * A Yu'ebao summary the server sent (a move's answer, a socket message) goes in as it is; the history
 * and the records, which it does not carry, are fetched again.
 */
export function putSavingsSummary(summary: SavingsSummary): void {
  queryClient.setQueryData(savingsKeys.summary, summary);
  void queryClient.invalidateQueries({ queryKey: savingsKeys.history });
  void queryClient.invalidateQueries({ queryKey: savingsKeys.records });
}
