import type { Withdrawal, WithdrawalStep } from "@tickfair/contract";
import { formatElapsed, secondsBetween } from "@tickfair/contract";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../lib/time";

/** Where a step leaves the withdrawal: done, or what it waits for next. */
type Entry = { kind: WithdrawalStep["kind"] | "waiting" | "sending"; step: WithdrawalStep | null };

/**
 * What comes after the last step while the withdrawal is still moving: a reviewer (under review), or
 * the payment (approved, not yet paid). Stated, so that the user never reads "approved" as "received".
 */
function entriesOf(withdrawal: Withdrawal): Entry[] {
  const entries: Entry[] = withdrawal.steps.map((step) => ({ kind: step.kind, step }));
  const last = withdrawal.steps.at(-1)?.kind;
  if (last === "requested" || last === "picked_up") entries.push({ kind: "waiting", step: null });
  if (last === "approved") entries.push({ kind: "sending", step: null });
  return entries;
}

/** The withdrawal's steps, each with its time and how long after the request it came. */
export function WithdrawalTimeline({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const requestedAt = withdrawal.steps.find((step) => step.kind === "requested")?.at ?? withdrawal.createdAt;
  return (
    <ol className="timeline" data-testid="withdrawal-timeline" aria-label={t("withdraw.timeline.title")}>
      {entriesOf(withdrawal).map(({ kind, step }) => (
        <li
          key={kind}
          className={`timeline__step timeline__step--${step ? "done" : "next"} timeline__step--${kind}`}
          data-testid="withdrawal-step"
          data-kind={kind}
        >
          <span className="timeline__label">{t(`withdraw.timeline.${kind}`)}</span>
          {step?.reason ? <span className="timeline__note">{step.reason}</span> : null}
          {step?.reference ? (
            <span className="timeline__note" data-testid="withdrawal-reference">
              {t("withdraw.timeline.reference")} <span className="num">{step.reference}</span>
            </span>
          ) : null}
          {step ? (
            <span className="timeline__time num">
              {formatDateTime(step.at, locale)}
              {kind === "requested"
                ? null
                : ` · ${t("withdraw.timeline.afterRequest", {
                    elapsed: formatElapsed(secondsBetween(requestedAt, step.at), locale),
                  })}`}
            </span>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
