import type { Product } from "@tickfair/contract";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LoadError } from "../LoadError/LoadError";
import { WaitingForNetwork } from "../WaitingForNetwork/WaitingForNetwork";
import { MarketSkeleton } from "./MarketSkeleton";
import { ProductRow } from "./ProductRow";
import "./market.css";

/** Placeholder rows while the products load. */
export function ProductListSkeleton({ rows = 4 }: { rows?: number }) {
  return <MarketSkeleton rows={rows} />;
}

interface ProductListProps {
  products: readonly Product[] | undefined;
  pending: boolean;
  /** The first load waits for the network (offline). */
  paused?: boolean;
  error: unknown;
  onRetry: () => void;
  empty: ReactNode;
  showCategory?: boolean;
  skeletonRows?: number;
  testId?: string;
}

/** The column heads and the rows, or a skeleton, a retry or the empty state. */
export function ProductList({
  products,
  pending,
  paused = false,
  error,
  onRetry,
  empty,
  showCategory,
  skeletonRows,
  testId,
}: ProductListProps) {
  const { t } = useTranslation();
  if (!products) {
    if (pending && paused) return <WaitingForNetwork />;
    if (pending) return <ProductListSkeleton rows={skeletonRows} />;
    return (
      <div className="market-error">
        <LoadError error={error} onRetry={onRetry} title={t("market.loadFailed")} />
      </div>
    );
  }
  if (products.length === 0) return <>{empty}</>;
  return (
    <div data-testid={testId}>
      <div className="market-head" aria-hidden="true">
        <span>{t("market.colName")}</span>
        <span>{t("market.colPrice")}</span>
        <span>{t("market.colChange")}</span>
      </div>
      <ul className="market-list">
        {products.map((product) => (
          <ProductRow key={product.symbol} product={product} showCategory={showCategory} />
        ))}
      </ul>
    </div>
  );
}

/** "Simulated prices": the feed is the built-in simulator, and the screen says so. */
export function SimulatedBadge() {
  const { t } = useTranslation();
  return (
    <span
      className="pill pill--warn market-sim"
      data-testid="market-simulated"
      title={t("market.simulatedHint")}
    >
      {t("market.simulated")}
    </span>
  );
}
