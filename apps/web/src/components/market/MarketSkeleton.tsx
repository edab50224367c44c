import "./market-skeleton.css";

/** Placeholder rows while the products load (home shows them before the list's code has arrived). */
export function MarketSkeleton({ rows, busy = true }: { rows: number; busy?: boolean }) {
  return (
    <ul className="market-skeletons" aria-busy={busy || undefined} data-testid="products-loading">
      {Array.from({ length: rows }, (_, n) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders
        <li key={n} className="market-skeleton">
          <span />
          <span />
          <span />
        </li>
      ))}
    </ul>
  );
}
