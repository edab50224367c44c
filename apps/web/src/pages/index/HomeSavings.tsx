import { formatMoney } from "@tickfair/contract";
import { useTranslation } from "react-i18next";
import { useSavingsSummary } from "../../api/savings";
import { IconChevronRight, IconWallet } from "../../components/icons";
import { paths } from "../../lib/paths";
import { formatPercent } from "../../lib/savings-format";
import { Link } from "../../router";

/** The signed-in user's Yu'ebao on home: its total and the 7-day annualised yield, a tap from the page. */
export default function HomeSavings() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { data } = useSavingsSummary();
  return (
    <Link to={paths.savings} className="home-account card home-savings" data-testid="home-savings">
      <span className="icon-tile home-account__avatar">
        <IconWallet />
      </span>
      <span className="home-account__text">
        <span>{t("common.savings")}</span>
        <strong className="num" data-testid="home-savings-total">
          {data ? formatMoney(data.total, locale) : "—"}
        </strong>
      </span>
      <span className="home-savings__yield">
        <strong className="num" data-testid="home-savings-yield">
          {data ? formatPercent(data.sevenDayYield, locale, 3) : "—"}
        </strong>
        <span>{t("home.savingsYield")}</span>
      </span>
      <IconChevronRight className="home-account__arrow" />
    </Link>
  );
}
