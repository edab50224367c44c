import { type Contract, formatMoney, type Product } from "@tickfair/contract";
import { useTranslation } from "react-i18next";
import { timeLeftMs, useNow } from "../../lib/countdown";
import { formatPrice } from "../../lib/market-format";
import { formatCountdown, formatRate } from "../../lib/trading-format";

/** This product's open contracts, each counting down to its expiry. */
export function DetailPositions({ product, contracts }: { product: Product; contracts: Contract[] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const mine = contracts.filter((c) => c.symbol === product.symbol);
  const now = useNow(mine.length > 0);
  if (mine.length === 0) return null;

  return (
    <section className="card detail-card positions" data-testid="positions">
      <h3 className="positions__title">{t("trading.positions")}</h3>
      <ul>
        {mine.map((c) => {
          const left = timeLeftMs(c, now);
          return (
            <li key={c.id} className="position" data-testid="position" data-status={c.status}>
              <div className="position__row">
                <span className={`trade-dir trade-dir--${c.direction}`}>{t(`trading.${c.direction}`)}</span>
                <strong className="num">{formatMoney(c.stake, locale)}</strong>
                <span className="position__timer num" data-testid="position-countdown">
                  {left === null
                    ? t("trading.waitingEntry")
                    : left > 0
                      ? t("trading.endsIn", { time: formatCountdown(left) })
                      : t("trading.settling")}
                </span>
              </div>
              <div className="position__row position__row--meta">
                <span>
                  {t("trading.seconds", { seconds: c.durationSeconds })} ·{" "}
                  {formatRate(c.payoutRateBps, locale)}
                </span>
                <span>
                  {c.entry
                    ? t("trading.entryPrice", {
                        price: formatPrice(c.entry.price, product.precision, locale),
                      })
                    : ""}
                </span>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
