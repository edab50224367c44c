import { formatMoney } from "@tickfair/contract";
import { Dialog, type DialogProps } from "antd-mobile";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { logout } from "../../api/auth";
import { useSessionActivity } from "../../api/limits";
import { paths } from "../../lib/paths";
import { pnlClass } from "../../lib/pnl";
import { serverNow } from "../../lib/server-clock";
import { useNavigate } from "../../router";
import { nextRealityCheckAt, sessionLength } from "./reality-check";
import "./reality-check.css";

/**
 * The session reminder a user sets on the limits page (ARCHITECTURE §5 "Responsible trading"): every
 * so many minutes of a session, how long it has lasted and what it traded, with a way to the limits
 * and out. Mounted while signed in; shows nothing without a reminder.
 */
export default function RealityCheck() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const activity = useSessionActivity();
  const [shown, setShown] = useState(false);
  const minutes = activity.data?.reminderMinutes ?? null;
  const startedAt = activity.data ? Date.parse(activity.data.startedAt) : null;
  const { refetch } = activity;

  useEffect(() => {
    if (minutes === null || startedAt === null || shown) return;
    const wait = nextRealityCheckAt(startedAt, minutes, serverNow()) - serverNow();
    const timer = setTimeout(() => {
      // The figures are read when it is due: the session has traded since they were cached.
      void refetch().then(() => setShown(true));
    }, wait);
    return () => clearTimeout(timer);
  }, [minutes, startedAt, shown, refetch]);

  if (!shown || !activity.data || startedAt === null) return null;
  const { contracts, staked, net } = activity.data;
  const length = sessionLength(startedAt, serverNow());
  const duration = [
    length.hours > 0 ? t("limits.reality.hours", { count: length.hours }) : null,
    t("limits.reality.minutes", { count: length.minutes }),
  ]
    .filter(Boolean)
    .join(" ");

  return (
    <PauseDialog
      title={t("limits.reality.title")}
      testId="reality-check"
      figureTestId="reality-check"
      figures={{ contracts, staked, net }}
      lead={<p className="reality-check__lead">{t("limits.reality.duration", { duration })}</p>}
      closeOnAction
      onClose={() => setShown(false)}
      onAction={async (action) => {
        if (action.key === "limits") navigate(paths.limits);
        if (action.key === "signOut") {
          await logout();
          navigate(paths.login, { replace: true });
        }
      }}
      actions={[
        { key: "continue", text: t("limits.reality.keepGoing"), bold: true },
        [
          { key: "limits", text: t("limits.reality.openLimits") },
          { key: "signOut", text: t("limits.reality.signOut"), danger: true },
        ],
      ]}
    />
  );
}

/** What a stretch of trading did, as a pause in it shows: money as decimal strings. */
export interface PauseFigures {
  contracts: ReactNode;
  staked: string;
  /** What came back, where the pause says it (the loss streak's last hour). */
  returned?: string;
  net: string;
}

/**
 * A pause in trading that shows what it did: the reminder of a long session and the pause after a
 * run of losses. `lead` comes above the figures, `after` below; a figure's test id is
 * `${figureTestId}-contracts` (`-staked`, `-returned`, `-net`).
 */
export function PauseDialog({
  title,
  testId,
  figureTestId,
  figures,
  lead,
  after,
  ...dialog
}: {
  title: string;
  testId: string;
  figureTestId: string;
  figures: PauseFigures;
  lead: ReactNode;
  after?: ReactNode;
} & Pick<DialogProps, "actions" | "onAction" | "closeOnAction" | "onClose">) {
  const { t, i18n } = useTranslation();
  const money = (amount: string) => formatMoney(amount, i18n.language);
  const rows = [
    { key: "contracts", label: t("limits.reality.contracts"), value: figures.contracts, className: "num" },
    { key: "staked", label: t("limits.reality.staked"), value: money(figures.staked), className: "num" },
    ...(figures.returned === undefined
      ? []
      : [
          {
            key: "returned",
            label: t("limits.streak.returned"),
            value: money(figures.returned),
            className: "num",
          },
        ]),
    {
      key: "net",
      label: t("limits.reality.net"),
      value: money(figures.net),
      className: `num ${pnlClass(figures.net)}`,
    },
  ];
  return (
    <Dialog
      visible
      title={title}
      aria-label={title}
      content={
        <div className="reality-check" data-testid={testId}>
          {lead}
          <dl className="detail-rows reality-check__figures">
            {rows.map((row) => (
              <div key={row.key}>
                <dt>{row.label}</dt>
                <dd className={row.className} data-testid={`${figureTestId}-${row.key}`}>
                  {row.value}
                </dd>
              </div>
            ))}
          </dl>
          {after}
        </div>
      }
      {...dialog}
    />
  );
}
