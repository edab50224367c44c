import { isChunkLoadError } from "@tickfair/browser/chunk-error";
import { useTranslation } from "react-i18next";
import { useAppShellRemoved } from "../../lib/app-shell";
import { BASENAME, paths } from "../../lib/paths";
import { IconAlert } from "../icons";
import { StatusPage } from "../StatusPage/StatusPage";

/** A page that failed to draw; one whose code failed to download gets a retry that reloads the page. */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  useAppShellRemoved();
  const chunk = isChunkLoadError(error);
  if (!chunk) console.error(error);
  return (
    <StatusPage
      mark={
        <div className="icon-tile status-page__icon status-page__icon--warn">
          <IconAlert />
        </div>
      }
      title={chunk ? t("routeError.chunkTitle") : t("routeError.title")}
      text={chunk ? t("routeError.chunkText") : t("routeError.text")}
      testId={chunk ? "chunk-error" : "route-error"}
    >
      {/* A plain button: this screen must not depend on more chunks than the entry. */}
      <button
        type="button"
        className="tf-button status-page__button"
        data-testid="chunk-retry"
        onClick={() => window.location.reload()}
      >
        {t("routeError.retry")}
      </button>
      {/* A full reload on purpose: after a failed chunk the app's state may be half-loaded. */}
      <a className="status-page__link" href={`${BASENAME}${paths.home}`}>
        {t("routeError.home")}
      </a>
    </StatusPage>
  );
}
