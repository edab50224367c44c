import type { SavingsSummary } from "@tickfair/contract";
import { queryClient } from "./query-client";

/**
 * The cached answers about the user's Yu'ebao. Their own module, outside query-client.ts: the realtime
 * client and the savings pages need them, the first page does not.
 */
export const savingsKeys = {
  /** Everything below ["savings"] is the signed-in user's and changes when their shares move. */
  all: ["savings"] as const,
  summary: ["savings", "summary"] as const,
  history: ["savings", "history"] as const,
  records: ["savings", "records"] as const,
  recordsOf: (type: string) => ["savings", "records", type] as const,
  /** Public and the same for everyone: a move does not change it. */
  rules: ["savings-rules"] as const,
};

/**
 * A summary the server sent (a move's answer, a socket message) goes in as it is; the history and the
 * records, which it does not carry, are fetched again.
 */
export function putSavingsSummary(summary: SavingsSummary): void {
  queryClient.setQueryData(savingsKeys.summary, summary);
  void queryClient.invalidateQueries({ queryKey: savingsKeys.history });
  void queryClient.invalidateQueries({ queryKey: savingsKeys.records });
}
