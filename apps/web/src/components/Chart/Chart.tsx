import { useTranslation } from "react-i18next";
import "./chart.css";

/** A chart's state: the library and its data on their way, drawn, or failed. */
export type ChartStatus = "loading" | "ready" | "error";

/** The look both charts share (lightweight-charts' options): the page's own background and grey labels. */
export const CHART_LAYOUT = {
  background: { color: "transparent" },
  textColor: "#8a90a0",
  attributionLogo: false,
} as const;
export const CHART_GRID_COLOUR = "#f1f2f6";

/** Over a chart's canvas: "loading" until it is drawn, a failure as the button that tries again. */
export function ChartOverlay({
  status,
  failedText,
  onRetry,
}: {
  status: ChartStatus;
  failedText: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  if (status === "loading") return <div className="chart-overlay">{t("common.loading")}</div>;
  if (status === "error")
    return (
      <button type="button" className="chart-overlay" onClick={onRetry}>
        {failedText}
      </button>
    );
  return null;
}
