import { formatElapsed, type OperatorWithdrawal, secondsBetween } from "@tickfair/contract";
import { Timeline, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { formatTime } from "../../lib/format";

const COLORS = {
  requested: "gray",
  picked_up: "blue",
  approved: "green",
  rejected: "red",
  cancelled: "gray",
  paid: "green",
} as const;

/** The withdrawal's steps as the user sees them, with who took each and how long after the request. */
export function StepTimeline({ withdrawal }: { withdrawal: OperatorWithdrawal }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const requestedAt = withdrawal.createdAt;
  const last = withdrawal.steps.at(-1)?.kind;
  const next =
    last === "approved"
      ? t("withdrawals.timeline.sending")
      : last === "requested" || last === "picked_up"
        ? t("withdrawals.timeline.waiting")
        : null;
  return (
    <div data-testid="withdrawal-timeline">
      <Typography.Title level={5}>{t("withdrawals.timeline.title")}</Typography.Title>
      <Timeline
        pending={next ?? false}
        items={withdrawal.steps.map((step) => ({
          key: step.kind,
          color: COLORS[step.kind],
          children: (
            <div data-testid="withdrawal-step" data-kind={step.kind}>
              <Typography.Text strong>{t(`withdrawals.timeline.${step.kind}`)}</Typography.Text>
              {step.operator ? (
                <Typography.Text type="secondary">
                  {" "}
                  {t("withdrawals.timeline.by", { operator: step.operator })}
                </Typography.Text>
              ) : null}
              <div className="tabular">
                {formatTime(step.at, locale)}
                {step.kind === "requested"
                  ? null
                  : ` · ${t("withdrawals.timeline.afterRequest", {
                      elapsed: formatElapsed(secondsBetween(requestedAt, step.at), locale),
                    })}`}
              </div>
              {step.reason ? <Typography.Text type="secondary">{step.reason}</Typography.Text> : null}
              {step.reference ? (
                <div>
                  <Typography.Text type="secondary">{t("withdrawals.reference")} </Typography.Text>
                  <Typography.Text className="mono" copyable data-testid="withdrawal-reference">
                    {step.reference}
                  </Typography.Text>
                </div>
              ) : null}
            </div>
          ),
        }))}
      />
    </div>
  );
}
