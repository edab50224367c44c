import type { Fairness } from "@tickfair/contract";
import { Alert, Card, Descriptions, Skeleton, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/errors";
import { useFairnessChain } from "../../api/markets";
import { formatTime } from "../../lib/format";

/** A successor published later than this before the end leaves users too little time to note its anchor. */
const WARN_BEFORE_END_MS = 7 * 24 * 60 * 60_000;

const endsAt = (chain: Fairness) =>
  new Date(Date.parse(chain.startsAt) + chain.chainLength * chain.epochSeconds * 1000).toISOString();

/**
 * What the operator must watch of the synthetic markets' commitment: the anchor users check against,
 * how many epochs the chain has left, and whether its successor is published in time.
 */
export function FairnessChainCard() {
  const { t, i18n } = useTranslation();
  const chain = useFairnessChain();
  const title = t("markets.fairness.title");
  if (chain.isPending)
    return (
      <Card title={title} className="stack-gap">
        <Skeleton active paragraph={{ rows: 2 }} />
      </Card>
    );
  if (chain.isError) {
    const none = chain.error instanceof ApiError && chain.error.status === 404;
    return (
      <Card title={title} className="stack-gap" data-testid="fairness-chain">
        <Alert
          type={none ? "warning" : "error"}
          showIcon
          message={none ? t("markets.fairness.none") : chain.error.message}
        />
      </Card>
    );
  }
  const data = chain.data;
  const ends = endsAt(data);
  const index = data.currentEpoch?.index ?? null;
  const closeToEnd = Date.parse(ends) - Date.now() < WARN_BEFORE_END_MS;
  const length =
    data.epochSeconds % 60 === 0
      ? t("markets.fairness.minutes", { count: data.epochSeconds / 60 })
      : t("markets.fairness.seconds", { count: data.epochSeconds });
  return (
    <Card title={title} className="stack-gap" data-testid="fairness-chain">
      <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
        <Descriptions.Item label={t("markets.fairness.anchor")} span={3}>
          <Typography.Text className="mono" copyable data-testid="fairness-chain-anchor">
            {data.anchor}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t("markets.fairness.epoch")}>
          {index === null ? (
            t("markets.fairness.notPlaying")
          ) : (
            <span className="tabular">
              {t("markets.fairness.epochOf", {
                index: index.toLocaleString(i18n.language),
                length: data.chainLength.toLocaleString(i18n.language),
              })}
            </span>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t("markets.fairness.epochsLeft")}>
          <span className="tabular" data-testid="fairness-chain-left">
            {(data.chainLength - (index ?? 0)).toLocaleString(i18n.language)}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t("markets.fairness.epochLength")}>{length}</Descriptions.Item>
        <Descriptions.Item label={t("markets.fairness.ends")}>
          <span className="tabular">{formatTime(ends, i18n.language)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t("markets.fairness.next")} span={2}>
          {data.nextChain ? (
            <Typography.Text className="mono">
              {data.nextChain.anchor} ·{" "}
              {t("markets.fairness.nextStarts", { time: formatTime(data.nextChain.startsAt, i18n.language) })}
            </Typography.Text>
          ) : (
            "—"
          )}
        </Descriptions.Item>
      </Descriptions>
      {!data.nextChain && closeToEnd ? (
        <Alert
          type="warning"
          showIcon
          message={t("markets.fairness.noNext")}
          data-testid="fairness-chain-no-next"
        />
      ) : null}
    </Card>
  );
}
