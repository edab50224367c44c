import type { FeedAnomaly } from "@tickfair/contract";

/** A price as the feed stored it ("71400.00"), in the locale's digits, exactly (no float). */
export function formatPriceText(price: string, locale: string): string {
  const decimals = price.includes(".") ? price.length - price.indexOf(".") - 1 : 0;
  const format = new Intl.NumberFormat(locale, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
  // Intl.NumberFormat formats an exact decimal string (ES2023); the cast keeps older typings happy.
  return format.format(price as unknown as number);
}

/** The console's text for why the feed halted a product: its key and values in `locale`. */
export function haltReason(anomaly: FeedAnomaly, locale: string) {
  const number = (value: string) => formatPriceText(value, locale);
  if (anomaly.kind === "spike") {
    return {
      key: "markets.haltSpike",
      values: {
        sigmas: number(anomaly.sigmas),
        limit: anomaly.limitSigmas.toLocaleString(locale),
        from: number(anomaly.previousPrice),
        to: number(anomaly.price),
      },
    } as const;
  }
  return {
    key: "markets.haltDisagreement",
    values: {
      spread: number(anomaly.spreadBps),
      tolerance: anomaly.toleranceBps.toLocaleString(locale),
      trades: anomaly.trades.map((trade) => `${trade.source} ${number(trade.price)}`).join(", "),
    },
  } as const;
}
