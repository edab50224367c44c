import { PullToRefresh } from "antd-mobile";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import "./refresh-on-pull.css";

/** Pull-to-refresh with the app's texts for each stage of the pull. */
export function RefreshOnPull({
  onRefresh,
  children,
}: {
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <PullToRefresh
      onRefresh={async () => {
        await onRefresh();
      }}
      pullingText={t("user.pulling")}
      canReleaseText={t("user.canRelease")}
      refreshingText={t("user.refreshing")}
      completeText={t("user.refreshed")}
    >
      {children}
    </PullToRefresh>
  );
}
