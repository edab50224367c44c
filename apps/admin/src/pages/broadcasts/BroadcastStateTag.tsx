import type { BroadcastState } from "@tickfair/contract";
import { Tag } from "antd";
import { useTranslation } from "react-i18next";

const STATE_COLORS: Record<BroadcastState, string> = {
  scheduled: "processing",
  published: "success",
  cancelled: "default",
};

export function BroadcastStateTag({ state }: { state: BroadcastState }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATE_COLORS[state]} bordered={false} data-testid="broadcast-state">
      {t(`broadcasts.states.${state}`)}
    </Tag>
  );
}
