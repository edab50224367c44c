import type { OperatorVerification } from "@tickfair/contract";
import { Descriptions, Empty, Timeline, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { VerificationStateTag } from "../../components/VerificationLabels/verification-labels";
import { formatTime } from "../../lib/format";

type HistoryEntry = OperatorVerification["history"][number];

const DOT_COLORS: Record<HistoryEntry["state"], string> = {
  not_submitted: "gray",
  under_review: "blue",
  verified: "green",
  rejected: "red",
};

/**
 * The user's earlier submissions, newest first, each with its decision: a reviewer sees what was
 * refused before and why, so the same mistake is not waved through or asked for twice.
 */
export function VerificationHistory({ verification }: { verification: OperatorVerification }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  // The submission under review is shown above: the history is what came before it.
  const earlier = verification.history
    .filter((entry) => entry.submissionId !== verification.id)
    .sort((a, b) => Date.parse(b.submittedAt) - Date.parse(a.submittedAt));
  return (
    <div data-testid="verification-history">
      <Typography.Title level={5} className="flush-top">
        {t("verifications.history")}
      </Typography.Title>
      {earlier.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("verifications.noHistory")} />
      ) : (
        <Timeline
          className="gap-above-sm"
          items={earlier.map((entry) => ({
            key: entry.submissionId,
            color: DOT_COLORS[entry.state],
            children: (
              <div data-testid="verification-history-entry">
                <Typography.Text className="tabular gap-after-xs">
                  {formatTime(entry.submittedAt, locale)}
                </Typography.Text>
                <VerificationStateTag state={entry.state} />
                <Descriptions
                  size="small"
                  column={1}
                  className="gap-above-xs"
                  items={[
                    ...(entry.reviewedAt
                      ? [
                          {
                            key: "reviewed",
                            label: t("verifications.reviewedAt"),
                            children: `${formatTime(entry.reviewedAt, locale)}${entry.reviewedBy ? ` · ${entry.reviewedBy}` : ""}`,
                          },
                        ]
                      : []),
                    ...(entry.rejection
                      ? [
                          {
                            key: "reason",
                            label: t("verifications.rejection"),
                            children: t(`verifications.reasons.${entry.rejection.reason}`),
                          },
                          {
                            key: "text",
                            label: t("verifications.rejectionText"),
                            children: entry.rejection.text,
                          },
                        ]
                      : []),
                  ]}
                />
              </div>
            ),
          }))}
        />
      )}
    </div>
  );
}
