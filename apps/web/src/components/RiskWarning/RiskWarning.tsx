import type { RiskFigure } from "@tickfair/contract";
import { useTranslation } from "react-i18next";
import { useRiskFigure } from "../../api/risk-warning";
import { paths } from "../../lib/paths";
import { Link } from "../../router";
import { IconAlert } from "../icons";
import "./risk-warning.css";

/** The figure in the reader's locale: "74%", "1,234", and its last day ("23 Nov 2026"). */
function figureWords(figure: RiskFigure, locale: string) {
  return {
    share: new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0 }).format(
      figure.lostShare,
    ),
    users: new Intl.NumberFormat(locale).format(figure.users),
    days: figure.periodDays,
    // A calendar day: read and shown at UTC midnight, so no time zone moves it to another day.
    date: new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(
      new Date(`${figure.periodTo}T00:00:00Z`),
    ),
  };
}

/**
 * The visible risk warning (ARCHITECTURE §1.7, §5 "Responsible trading"): the share of the platform's
 * users who lost money, from the ledger; the configured text while it loads, fails, or too few traded.
 */
export function RiskWarning({
  tone = "light",
  showLimitsLink = true,
}: {
  tone?: "light" | "dark";
  showLimitsLink?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { data: figure } = useRiskFigure();
  return (
    <p className={`risk-warning risk-warning--${tone}`} role="note" data-testid="risk-warning">
      <IconAlert className="risk-warning__icon" />
      <span>
        {figure ? t("common.riskFigure", figureWords(figure, i18n.language)) : t("common.riskWarning")}
        {showLimitsLink && (
          <>
            {" "}
            <Link to={paths.limits} className="risk-warning__link">
              {t("common.setLimits")}
            </Link>
          </>
        )}
      </span>
    </p>
  );
}
