import { useTranslation } from "react-i18next";
import { IconAlert } from "../icons";
import "./risk-warning.css";

/** The visible risk warning (ARCHITECTURE §1.7). */
export function RiskWarning({ tone = "light" }: { tone?: "light" | "dark" }) {
  const { t } = useTranslation();
  return (
    <p className={`risk-warning risk-warning--${tone}`} role="note" data-testid="risk-warning">
      <IconAlert className="risk-warning__icon" />
      <span>{t("common.riskWarning")}</span>
    </p>
  );
}
