import type { LossStreakPauseDetails } from "@tickfair/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useContinueAfterLossStreak } from "../../api/limits";
import { errorText } from "../../api/messages";
import { useNow } from "../../lib/countdown";
import { PauseDialog } from "../RealityCheck/RealityCheck";
import { secondsLeft } from "./pause-countdown";

/**
 * The loss-streak pause on the order ticket (ARCHITECTURE §5 "Responsible trading"): the last hour's
 * figures, and a Continue that counts down the pause, then tells the server the user goes on and
 * sends the order again (`onContinue`); "Stop for now" drops the order.
 */
export function LossStreakPause({
  pause,
  onContinue,
  onStop,
}: {
  pause: LossStreakPauseDetails;
  onContinue: () => void;
  onStop: () => void;
}) {
  const { t, i18n } = useTranslation();
  const now = useNow(true);
  const goOn = useContinueAfterLossStreak();
  const [problem, setProblem] = useState<string | null>(null);
  const left = secondsLeft(pause.continueAt, now);

  async function proceed() {
    try {
      await goOn.mutateAsync();
      onContinue();
    } catch (error) {
      setProblem(errorText(error));
    }
  }

  return (
    <PauseDialog
      title={t("limits.streak.title")}
      testId="loss-streak-pause"
      figureTestId="loss-streak"
      figures={{
        contracts: new Intl.NumberFormat(i18n.language).format(pause.contracts),
        staked: pause.staked,
        returned: pause.returned,
        net: pause.net,
      }}
      lead={
        <>
          <p className="reality-check__lead">{t("limits.streak.body", { count: pause.lossesInRow })}</p>
          <p className="loss-streak__hour">{t("limits.streak.hour")}</p>
        </>
      }
      after={
        problem ? (
          <p className="loss-streak__problem" role="alert">
            {problem}
          </p>
        ) : null
      }
      onAction={(action) => {
        if (action.key === "continue") void proceed();
        else onStop();
      }}
      actions={[
        {
          key: "continue",
          text: left > 0 ? t("limits.streak.continueIn", { seconds: left }) : t("limits.streak.continue"),
          bold: true,
          disabled: left > 0 || goOn.isPending,
        },
        { key: "stop", text: t("limits.streak.stop") },
      ]}
    />
  );
}
