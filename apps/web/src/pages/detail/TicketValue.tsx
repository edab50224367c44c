import type { ContractDirection, ExpectedValue } from "@tickfair/contract";
import { useTranslation } from "react-i18next";
import {
  durationValue,
  fairFigure,
  formatChance,
  formatPer100,
  realizedFigure,
} from "../../lib/value-format";

/**
 * What 100 staked on this duration returns on average: at fair odds for the direction (the simulator's
 * published model; none for real market prices), and what the platform's users actually got back.
 */
export function TicketValue({
  value,
  seconds,
  direction,
}: {
  value: ExpectedValue | undefined;
  seconds: number;
  direction: ContractDirection;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const figures = durationValue(value, seconds);
  if (!value || !figures) return null;
  const fair = fairFigure(figures, direction);
  const realized = realizedFigure(figures, value.minContracts);
  const count = (n: number) => n.toLocaleString(locale);
  return (
    <dl className="trade-figures ticket-value" data-testid="ticket-value">
      <div>
        <dt>{t("trading.value.fair")}</dt>
        <dd className="num" data-testid="ticket-value-fair">
          {fair ? formatPer100(fair.per100, locale) : "—"}
        </dd>
        {/* A note is the figure's second description: inside its group, as a list of terms allows. */}
        <dd className="ticket-value__note">
          {fair
            ? t("trading.value.fairDetail", {
                win: formatChance(fair.win, locale),
                draw: formatChance(fair.draw, locale),
              })
            : t("trading.value.noModel")}
        </dd>
      </div>
      <div>
        <dt>{t("trading.value.realized", { days: count(value.periodDays) })}</dt>
        <dd className="num" data-testid="ticket-value-realized">
          {realized.kind === "figure" ? formatPer100(realized.per100, locale) : "—"}
        </dd>
        <dd className="ticket-value__note">
          {realized.kind === "figure"
            ? t("trading.value.contracts", { count: realized.contracts, number: count(realized.contracts) })
            : t("trading.value.tooFew", {
                count: realized.contracts,
                number: count(realized.contracts),
                min: count(realized.min),
              })}
        </dd>
      </div>
    </dl>
  );
}
