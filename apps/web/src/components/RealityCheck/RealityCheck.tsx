import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { logout } from "../../api/auth";
import { useSessionActivity } from "../../api/limits";
import { paths } from "../../lib/paths";
import { serverNow } from "../../lib/server-clock";
import { PauseDialog } from "./PauseDialog";
import { nextRealityCheckAt, sessionLength } from "./reality-check";

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
