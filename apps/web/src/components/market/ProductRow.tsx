import type { Product } from "@tickfair/contract";
import { memo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useTicker } from "../../api/market-socket";
import { formatPrice, formatReopens, formatVolume } from "../../lib/market-format";
import { detailPath } from "../../lib/paths";
import { Link } from "../../router";
import { MarketChange, MarketTag } from "./MarketTags";
import { ProductIcon } from "./ProductIcon";

/** One product: name, symbol, latest price, 24H volume and 24H rise, live from the ticker feed. */
export const ProductRow = memo(function ProductRow({
  product,
  showCategory = false,
}: {
  product: Product;
  showCategory?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const ticker = useTicker(product.symbol, product.ticker);
  const open = product.status === "open";

  let figures: ReactNode;
  if (!open) {
    figures = (
      <span className="market-row__status">
        <MarketTag kind={product.status} testId="product-status">
          {t(`market.status.${product.status}`)}
        </MarketTag>
        {product.reopensAt ? (
          <small>{t("market.reopens", { time: formatReopens(product.reopensAt, locale) })}</small>
        ) : null}
      </span>
    );
  } else if (!ticker) {
    figures = <span className="market-row__none">{t("market.noQuote")}</span>;
  } else {
    figures = (
      <>
        <span className="market-row__quote">
          <strong className="market-row__price" data-testid="product-price">
            {formatPrice(ticker.price, product.precision, locale)}
          </strong>
          <small className="market-row__volume">
            {t("market.volume", { value: formatVolume(ticker.volume24h, locale) })}
          </small>
        </span>
        <MarketChange change={ticker.change24h} locale={locale} testId="product-change" />
      </>
    );
  }

  return (
    <li>
      <Link
        to={detailPath(product.symbol)}
        className="market-row"
        data-testid="product-row"
        data-symbol={product.symbol}
        data-status={product.status}
      >
        <span className="product-name market-row__name">
          <ProductIcon symbol={product.symbol} size={28} />
          <strong>{product.name}</strong>
          <small>
            {product.symbol}
            {showCategory ? (
              <span className="market-row__category">{t(`market.category.${product.category}`)}</span>
            ) : null}
          </small>
        </span>
        {figures}
      </Link>
    </li>
  );
});
