/**
 * The chart's time labels in the app's language. lightweight-charts hands over a time already moved to
 * the browser's clock (see toChartTime), so it is read back in UTC; its tick mark types are numbered
 * (TickMarkType: Year 0, Month 1, DayOfMonth 2, Time 3, TimeWithSeconds 4), kept as numbers here so the
 * library stays in its own chunk. Short labels: "14:05", "14:05:30", "Nov 28" (not "00:43:10" cut at the
 * chart's edge).
 */
const OPTIONS: Record<number, Intl.DateTimeFormatOptions> = {
  0: { year: "numeric" },
  1: { month: "short" },
  2: { month: "short", day: "numeric" },
  3: { hour: "2-digit", minute: "2-digit", hourCycle: "h23" },
  4: { hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" },
};

export function chartTickLabel(chartSeconds: number, type: number, locale: string): string {
  const options = OPTIONS[type] ?? OPTIONS[3];
  return new Intl.DateTimeFormat(locale, { ...options, timeZone: "UTC" }).format(
    new Date(chartSeconds * 1000),
  );
}
