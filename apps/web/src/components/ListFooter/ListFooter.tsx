import { DotLoading } from "antd-mobile";
import { useTranslation } from "react-i18next";
import "./list-footer.css";

/** InfiniteScroll's footer: loading, the specification's "no more", or a retry after a failed page. */
export function ListFooter({
  hasMore,
  failed,
  retry,
}: {
  hasMore: boolean;
  failed: boolean;
  retry: () => void;
}) {
  const { t } = useTranslation();
  if (failed) {
    return (
      <span className="list-footer">
        {t("common.networkError")}{" "}
        <button type="button" className="list-footer__retry" onClick={retry}>
          {t("common.retry")}
        </button>
      </span>
    );
  }
  return (
    <span className="list-footer">
      {hasMore ? (
        <>
          <DotLoading color="currentColor" /> {t("common.loading")}
        </>
      ) : (
        t("cashier.noMore")
      )}
    </span>
  );
}
