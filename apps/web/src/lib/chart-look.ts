/** The look every chart of the app shares: no background of its own, muted axis text, no library logo. */
export function chartLayout(fontSize: number) {
  return {
    background: { color: "transparent" },
    textColor: "#8a90a0",
    fontSize,
    attributionLogo: false,
  };
}

/** The charts' horizontal grid lines. */
export const CHART_GRID_COLOR = "#f1f2f6";
