import { Alert, Card, Descriptions, Skeleton, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/errors";
import { useFairnessChain } from "../../api/markets";
import { chainEndsAt, chainState } from "../../lib/chain-state";
import { formatTime } from "../../lib/format";

/**
 * What the operator must watch of the synthetic markets' commitment: the anchor users check against,
 * how many epochs the chain has left, and whether its successor is published in time. Without a chain
 * in force it says plainly that synthetic products cannot open (the server refuses to open them).
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
          message={none ? t("markets.fairness.missing") : chain.error.message}
          description={none ? t("markets.fairness.none") : undefined}
          data-testid={none ? "fairness-chain-missing" : undefined}
        />
      </Card>
    );
  }
  const data = chain.data;
  const state = chainState(data, Date.now());
  const ends = chainEndsAt(data);
  const index = data.currentEpoch?.index ?? null;
  const length =
    data.epochSeconds % 60 === 0
      ? t("markets.fairness.minutes", { count: data.epochSeconds / 60 })
      : t("markets.fairness.seconds", { count: data.epochSeconds });
  return (
    <Card title={title} className="stack-gap" data-testid="fairness-chain">
      {state.kind === "ended" ? (
        <Alert
          type="warning"
          showIcon
          className="stack-gap"
          message={t("markets.fairness.missing")}
          description={t("markets.fairness.ended", { time: formatTime(ends, i18n.language) })}
          data-testid="fairness-chain-missing"
        />
      ) : null}
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
            {(state.kind === "ended" ? 0 : data.chainLength - (index ?? 0)).toLocaleString(i18n.language)}
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
      {state.kind === "endsSoon" ? (
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
