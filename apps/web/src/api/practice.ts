import { useQuery } from "@tanstack/react-query";
import type { PracticeAccount } from "@tickfair/contract";
import { useSession } from "../store/session";
import { useWallet } from "../store/wallet";
import { apiRequest } from "./client";
import { useMe } from "./me";
import { queryClient, queryKeys } from "./query-client";

/** The practice account's units, opened with its starting units on the first read. */
export function usePracticeAccount(enabled = true) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: queryKeys.practiceAccount,
    queryFn: ({ signal }) => apiRequest<PracticeAccount>("/v1/practice/account", { auth: true, signal }),
    enabled: enabled && token !== null,
    staleTime: 30_000,
  });
}

/** Puts the practice account back to its starting units (refused while practice contracts are open). */
export async function resetPractice(): Promise<PracticeAccount> {
  const account = await apiRequest<PracticeAccount>("/v1/practice/reset", { method: "POST", auth: true });
  queryClient.setQueryData(queryKeys.practiceAccount, account);
  void queryClient.invalidateQueries({ queryKey: queryKeys.practiceClosedContracts });
  return account;
}

/** What the chosen wallet has available to stake: real cash, or practice units; null when unknown. */
export function useWalletAvailable(): string | null {
  const token = useSession((s) => s.token);
  const wallet = useWallet((s) => s.wallet);
  const me = useMe();
  const practice = usePracticeAccount(wallet === "practice");
  if (!token) return null;
  return wallet === "practice" ? (practice.data?.available ?? null) : (me.data?.summary.available ?? null);
}
