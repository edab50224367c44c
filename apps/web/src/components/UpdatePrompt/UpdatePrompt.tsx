import { useTranslation } from "react-i18next";
import { reloadIntoNewVersion, useUpdateReady } from "../../lib/service-worker";
import "./update-prompt.css";

/** Offers the new version once it is downloaded; the user chooses when to reload. */
export function UpdatePrompt() {
  const { t } = useTranslation();
  if (!useUpdateReady()) return null;
  return (
    <div className="update-prompt" role="alert" data-testid="update-prompt">
      <span>{t("update.ready")}</span>
      <button type="button" className="update-prompt__reload" onClick={reloadIntoNewVersion}>
        {t("update.reload")}
      </button>
    </div>
  );
}
