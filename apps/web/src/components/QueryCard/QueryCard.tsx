import { Skeleton } from "antd-mobile";
import { LoadError } from "../LoadError/LoadError";

/** The part of a TanStack query a card needs before its data is there. */
interface LoadingQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** Whether the card still shows QueryCard instead of its data. */
export const awaitingData = (query: LoadingQuery) => query.isPending || query.isError;

/**
 * What a cashier card shows before its data: a skeleton of `lines` while the query loads, the error
 * with a retry when it failed.
 */
export function QueryCard({ query, lines }: { query: LoadingQuery; lines: number }) {
  return (
    <div className="card cashier-card">
      {query.isPending ? (
        <Skeleton.Paragraph lineCount={lines} animated />
      ) : (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      )}
    </div>
  );
}
