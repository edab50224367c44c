/** The grid lines' colour of the app's charts. */
export const CHART_GRID_COLOUR = "#f1f2f6";

/**
 * How the app's charts (trading, savings) begin: sized by their box, drawn on the card's background,
 * muted labels of `fontSize`, no logo.
 */
export function chartBase(fontSize: number) {
  return {
    autoSize: true,
    layout: {
      background: { color: "transparent" },
      textColor: "#8a90a0",
      fontSize,
      attributionLogo: false,
    },
  } as const;
}
