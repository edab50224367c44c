import { Button } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { errorText } from "../../api/messages";
import { IconAlert } from "../icons";
import "./load-error.css";

/** A load that failed: what went wrong and a retry. */
export function LoadError({
  error,
  onRetry,
  title,
}: {
  error: unknown;
  onRetry: () => void;
  title?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="load-error" role="alert" data-testid="load-error">
      <IconAlert className="load-error__icon" />
      <span className="load-error__text">
        <strong>{title ?? t("cashier.loadFailed")}</strong>
        <small>{errorText(error)}</small>
      </span>
      <Button size="mini" color="primary" fill="outline" onClick={onRetry}>
        {t("common.retry")}
      </Button>
    </div>
  );
}
