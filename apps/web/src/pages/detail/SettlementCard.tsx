import { type Contract, formatMoney, type Product } from "@tickfair/contract";
import { useTranslation } from "react-i18next";
import { DirectionMark } from "../../components/market/DirectionMark";
import { formatPrice } from "../../lib/market-format";
import { orderVerifyPath } from "../../lib/paths";
import { pnlClass } from "../../lib/pnl";
import { formatClock } from "../../lib/trading-format";
import { Link } from "../../router";
import "./settlement-card.css";

/**
 * A contract of this product that closed while the page was open: its result, entry and exit prices,
 * payout and profit, and a way to verify it, where its position row was.
 */
export function SettlementCard({
  contract,
  product,
  onDismiss,
}: {
  contract: Contract;
  product: Product;
  onDismiss: () => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const result = contract.result ?? "void";
  const price = (tick: Contract["entry"]) =>
    tick ? `${formatPrice(tick.price, product.precision, locale)} · ${formatClock(tick.time, locale)}` : "—";
  const rows = [
    ["entry", t("trading.settled.entry"), price(contract.entry)],
    ["exit", t("trading.settled.exit"), price(contract.exit)],
    ["payout", t("trading.settled.payout"), contract.payout ? formatMoney(contract.payout, locale) : "—"],
  ] as const;

  return (
    <section
      className={`card detail-card settlement settlement--${result}`}
      data-testid="settlement"
      data-result={result}
    >
      <div className="settlement__head">
        <strong className="settlement__title" data-testid="settlement-title">
          {t(`trading.settled.title.${result}`)}
        </strong>
        {contract.profit ? (
          <strong
            className={`num settlement__profit ${pnlClass(contract.profit)}`}
            data-testid="settlement-profit"
          >
            {formatMoney(contract.profit, locale, { signed: true })}
          </strong>
        ) : null}
      </div>
      <p className="settlement__terms">
        <span className={`trade-dir trade-dir--${contract.direction}`}>
          <DirectionMark direction={contract.direction} />
          {t(`trading.${contract.direction}`)}
        </span>{" "}
        <span className="num">{formatMoney(contract.stake, locale)}</span> ·{" "}
        {t("trading.seconds", { seconds: contract.durationSeconds })}
      </p>
      <dl className="settlement__rows">
        {rows.map(([key, label, value]) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd className="num" data-testid={`settlement-${key}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <div className="settlement__actions">
        <button
          type="button"
          className="settlement__dismiss"
          data-testid="settlement-dismiss"
          onClick={onDismiss}
        >
          {t("trading.settled.dismiss")}
        </button>
        <Link
          to={orderVerifyPath(contract.id)}
          className="settlement__verify"
          data-testid="settlement-verify"
        >
          {t("trading.settled.verify")}
        </Link>
      </div>
    </section>
  );
}
