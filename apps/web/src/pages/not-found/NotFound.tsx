import { Button } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { paths } from "../../lib/paths";

export default function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <main className="status-page" data-testid="not-found">
      <div className="status-page__code" aria-hidden="true">
        404
      </div>
      <h1 className="status-page__title">{t("notFound.title")}</h1>
      <p className="status-page__text">{t("notFound.text")}</p>
      <Button
        color="primary"
        shape="rounded"
        size="large"
        block
        className="status-page__button"
        data-testid="not-found-home"
        onClick={() => navigate(paths.home, { replace: true })}
      >
        {t("notFound.home")}
      </Button>
    </main>
  );
}
