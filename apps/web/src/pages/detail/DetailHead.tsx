import type { Product, Tick, Ticker } from "@tickfair/contract";
import { useTranslation } from "react-i18next";
import { announce } from "../../components/Announcer/announcer";
import { changeDirection, MarketChange, MarketTag } from "../../components/market/MarketTags";
import { ProductIcon } from "../../components/market/ProductIcon";
import { formatPrice, formatReopens, formatVolume } from "../../lib/market-format";
import { formatDateTime } from "../../lib/time";
import { formatClock } from "../../lib/trading-format";
import { priceSentence } from "./announcements";
import { formatPriceSources } from "./price-sources";

/**
 * The product's name, its latest price (the feed's last tick, else the ticker's) and 24 h figures. A
 * market that is not trading says so and when it opens; its price and figures are its last session's,
 * so the price's time carries its date.
 */
export function DetailHead({
  product,
  ticker,
  tick,
}: {
  product: Product;
  ticker: Ticker | null;
  tick: Tick | null;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const price = tick?.price ?? ticker?.price ?? null;
  const at = tick?.time ?? ticker?.time ?? null;
  const direction = ticker ? changeDirection(ticker.change24h) : "flat";
  const trading = product.status === "open";
  const stats = ticker
    ? [
        ["high", formatPrice(ticker.high24h, product.precision, locale)],
        ["low", formatPrice(ticker.low24h, product.precision, locale)],
        ["volume", formatVolume(ticker.volume24h, locale)],
        ["amount", formatVolume(ticker.amount24h, locale)],
      ]
    : [];

  return (
    <section className="card detail-card detail-head" data-testid="detail-head">
      <div className="card-head detail-head__title">
        <span className="product-name detail-head__name">
          <ProductIcon symbol={product.symbol} size={36} />
          <strong data-testid="detail-name">{product.name}</strong>
          <small>{product.symbol}</small>
        </span>
        {product.simulated ? (
          <MarketTag kind="simulated" testId="detail-simulated">
            {t("market.simulated")}
          </MarketTag>
        ) : product.priceSources.length > 0 ? (
          <span title={t("market.medianHint")}>
            <MarketTag kind="median" testId="detail-sources">
              {t("market.median", { sources: formatPriceSources(product.priceSources, locale) })}
            </MarketTag>
          </span>
        ) : null}
      </div>
      <div className="detail-head__quote">
        <strong className={`detail-head__price detail-head__price--${direction}`} data-testid="detail-price">
          {price ? formatPrice(price, product.precision, locale) : "—"}
        </strong>
        {ticker ? <MarketChange change={ticker.change24h} locale={locale} testId="detail-change" /> : null}
        {price ? (
          // Seen once focused: the ticking price is in no live region, so it is read only when asked.
          <button
            type="button"
            className="detail-head__read visually-hidden-focusable"
            data-testid="detail-read-price"
            onClick={() =>
              announce(
                priceSentence(
                  t,
                  {
                    name: product.name,
                    price,
                    precision: product.precision,
                    change: ticker?.change24h ?? null,
                  },
                  locale,
                ),
              )
            }
          >
            {t("trading.announce.readPrice")}
          </button>
        ) : null}
        {at ? (
          <small className="detail-head__time num" data-testid="detail-time">
            {trading ? formatClock(at, locale) : formatDateTime(at, locale)}
          </small>
        ) : null}
      </div>
      {trading ? null : (
        <p className="detail-head__status" data-testid="detail-status">
          <MarketTag kind={product.status} testId="detail-status-tag">
            {t(`market.status.${product.status}`)}
          </MarketTag>
          {product.reopensAt ? (
            <span data-testid="detail-reopens">
              {t("market.reopens", { time: formatReopens(product.reopensAt, locale) })}
            </span>
          ) : null}
        </p>
      )}
      <dl className="detail-stats">
        {stats.map(([key, value]) => (
          <div key={key}>
            <dt>{t(`trading.stat.${key as "high"}`)}</dt>
            <dd className="num" data-testid={`detail-${key}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
