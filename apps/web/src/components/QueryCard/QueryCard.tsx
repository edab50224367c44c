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

interface QueryCardProps {
  query: LoadingQuery;
  /** The skeleton's paragraph lines. */
  lines: number;
  /** A skeleton heading above them, where the card that comes has one. */
  heading?: boolean;
  /** The card's classes: a cashier card unless the page's cards look otherwise. */
  className?: string;
}

/**
 * What a card shows before its data: a skeleton of `lines` while the query loads, the error with a
 * retry when it failed.
 */
export function QueryCard({
  query,
  lines,
  heading = false,
  className = "card cashier-card",
}: QueryCardProps) {
  return (
    <div className={className} aria-busy={query.isPending || undefined}>
      {query.isPending ? (
        <>
          {heading ? <Skeleton.Title animated /> : null}
          <Skeleton.Paragraph lineCount={lines} animated />
        </>
      ) : (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      )}
    </div>
  );
}
