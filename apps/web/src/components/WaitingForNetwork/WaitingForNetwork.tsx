import { useTranslation } from "react-i18next";
import { EmptyState } from "../EmptyState/EmptyState";
import { IconGlobe } from "../icons";

/**
 * In place of a list that has never loaded while the phone is offline: its query waits for the
 * network (TanStack Query pauses it), so a skeleton would promise something that is not coming.
 */
export function WaitingForNetwork() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<IconGlobe />}
      title={t("network.waitingTitle")}
      text={t("network.waitingText")}
      testId="waiting-for-network"
    />
  );
}
