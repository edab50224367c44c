import { type ContractDirection, type ContractResult, formatMoney, type Product } from "@tickfair/contract";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useProducts } from "../../api/market";
import { DirectionMark } from "../../components/market/DirectionMark";
import { pnlClass } from "../../lib/pnl";

/** "Buy up" in a rise's colour, "Buy down" in a fall's (which colour is which follows the language). */
export function DirectionTag({ direction }: { direction: ContractDirection }) {
  const { t } = useTranslation();
  return (
    <span className={`contract-dir contract-dir--${direction}`} data-testid="contract-direction">
      <DirectionMark direction={direction} />
      {direction === "up" ? t("trading.buyUp") : t("trading.buyDown")}
    </span>
  );
}

/** Win in a rise's colour, loss in a fall's, draw or void grey. */
export function ResultTag({ result }: { result: ContractResult }) {
  const { t } = useTranslation();
  return (
    <span
      className={`contract-result contract-result--${result}`}
      data-testid="contract-result"
      data-result={result}
    >
      {t(`orders.result.${result}`)}
    </span>
  );
}

/** A contract's profit or loss, signed and in its colour; "—" while it has none. */
export function ContractPnl({ profit, testId }: { profit: string | null; testId: string }) {
  const { t, i18n } = useTranslation();
  return (
    <span className="contract-card__pnl">
      <small>{t("orders.pnl")}</small>
      <strong className={`num ${profit ? pnlClass(profit) : ""}`} data-testid={testId}>
        {profit ? formatMoney(profit, i18n.language, { signed: true }) : "—"}
      </strong>
    </span>
  );
}

/**
 * The products by symbol, names in the user's language (the list the home and products pages also
 * use, so usually already cached); contracts carry only the symbol.
 */
export function useProductsBySymbol(): ReadonlyMap<string, Product> {
  const { i18n } = useTranslation();
  const products = useProducts(i18n.language, "");
  return useMemo(
    () => new Map((products.data?.items ?? []).map((product) => [product.symbol, product])),
    [products.data],
  );
}

/** The product's name and symbol, one above the other (the symbol alone until the names arrive). */
export function ProductName({ symbol, product }: { symbol: string; product: Product | undefined }) {
  return (
    <span className="contract-product">
      <strong data-testid="contract-product">{product?.name ?? symbol}</strong>
      {product && product.name !== symbol ? <small>{symbol}</small> : null}
    </span>
  );
}
