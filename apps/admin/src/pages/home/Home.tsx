import { Result } from "antd";
import { useTranslation } from "react-i18next";
import { Navigate } from "react-router";
import { AREA_PATHS } from "../../lib/paths";
import { areasOf } from "../../lib/permissions";
import { useSession } from "../../store/session";

/** The console's start: the first area this operator may open, or word that there is none yet. */
export default function Home() {
  const { t } = useTranslation();
  const operator = useSession((state) => state.operator);
  const first = operator ? areasOf(operator)[0] : undefined;
  if (first) return <Navigate to={AREA_PATHS[first]} replace />;
  return <Result status="info" title={t("home.nothingTitle")} subTitle={t("home.nothingText")} />;
}
