import type { Product, Tick } from "@tickfair/contract";
import { lazy, Suspense } from "react";

/** The chart and its choices load after the page: the detail page's own first load stays small. */
const ChartPanel = lazy(() => import("./chart/ChartPanel"));

/** The price chart with its periods, styles and indicators. */
export function ChartCard({ product, tick }: { product: Product; tick: Tick | null }) {
  return (
    <section className="card detail-card detail-chart-card">
      <Suspense fallback={<div className="detail-chart detail-chart--placeholder" data-status="loading" />}>
        <ChartPanel product={product} tick={tick} />
      </Suspense>
    </section>
  );
}
