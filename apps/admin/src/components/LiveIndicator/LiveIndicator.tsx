import { Badge, Tooltip } from "antd";
import { useTranslation } from "react-i18next";
import type { LiveStatus } from "../../api/console-live";

const BADGE: Record<LiveStatus, "success" | "processing" | "warning"> = {
  live: "success",
  connecting: "processing",
  reconnecting: "warning",
};

/** The header's word on the live socket: queues update by themselves only while it says "live". */
export function LiveIndicator({ status }: { status: LiveStatus }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t(`shell.liveHint.${status}`)}>
      <span data-testid="live-status" data-status={status} role="status">
        <Badge status={BADGE[status]} text={t(`shell.live.${status}`)} />
      </span>
    </Tooltip>
  );
}
