import { type Contract, formatMoney, type Product } from "@tickfair/contract";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { announce } from "../../components/Announcer/announcer";
import { DirectionMark } from "../../components/market/DirectionMark";
import { timeLeftMs, useNow } from "../../lib/countdown";
import { formatPrice } from "../../lib/market-format";
import { formatCountdown, formatRate } from "../../lib/trading-format";
import { countdownPoint, countdownSentence } from "./announcements";

/** This product's open contracts, each counting down to its expiry. */
export function DetailPositions({ product, contracts }: { product: Product; contracts: Contract[] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const mine = contracts.filter((c) => c.symbol === product.symbol);
  const now = useNow(mine.length > 0);
  useCountdownAnnouncements(mine, now);
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
                <span className={`trade-dir trade-dir--${c.direction}`}>
                  <DirectionMark direction={c.direction} />
                  {t(`trading.${c.direction}`)}
                </span>
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

/** Says each contract's countdown as it passes a spoken point (COUNTDOWN_POINTS), once. */
function useCountdownAnnouncements(contracts: Contract[], now: number) {
  const { t, i18n } = useTranslation();
  const left = useRef(new Map<string, number | null>());
  useEffect(() => {
    const seen = new Map<string, number | null>();
    const sentences: string[] = [];
    for (const contract of contracts) {
      const after = timeLeftMs(contract, now);
      const point = countdownPoint(left.current.get(contract.id) ?? null, after);
      if (point !== null) sentences.push(countdownSentence(t, contract, point, i18n.language));
      seen.set(contract.id, after);
    }
    left.current = seen;
    // Contracts bought together pass their points together: one announcement, none lost.
    if (sentences.length > 0) announce(sentences.join(". "));
  }, [contracts, now, t, i18n.language]);
}
