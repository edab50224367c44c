import type { FeedAnomaly } from "@tickfair/contract";
import { Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { formatTime } from "../../lib/format";
import { haltReason } from "../../lib/halt-reason";
import "./halt-anomaly.css";

/** Why the feed halted a product on a tick it refused, and since when: only an operator reopens it. */
export function HaltAnomalyNote({ anomaly, symbol }: { anomaly: FeedAnomaly; symbol: string }) {
  const { t, i18n } = useTranslation();
  const reason = haltReason(anomaly, i18n.language);
  return (
    <Space direction="vertical" size={0} className="halt-anomaly" data-testid={`halt-anomaly-${symbol}`}>
      <Typography.Text type="danger" className="caption">
        {t(reason.key, reason.values)}
      </Typography.Text>
      <Typography.Text type="secondary" className="caption">
        {t("markets.haltAnomalyAt", { time: formatTime(anomaly.at, i18n.language) })}
      </Typography.Text>
    </Space>
  );
}
