import { Button } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { StatusPage } from "../../components/StatusPage/StatusPage";
import { useDocumentTitle } from "../../lib/document-title";
import { paths } from "../../lib/paths";
import { useNavigate } from "../../router";

export default function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t("notFound.title"));
  return (
    <StatusPage
      mark={
        <div className="status-page__code" aria-hidden="true">
          404
        </div>
      }
      title={t("notFound.title")}
      text={t("notFound.text")}
      testId="not-found"
    >
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
    </StatusPage>
  );
}
