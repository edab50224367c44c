import { formatMoney, type LossStreakPauseDetails } from "@tickfair/contract";
import { Dialog } from "antd-mobile";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useContinueAfterLossStreak } from "../../api/limits";
import { errorText } from "../../api/messages";
import { useNow } from "../../lib/countdown";
import { pnlClass } from "../../lib/pnl";
import { secondsLeft } from "./pause-countdown";
import "../RealityCheck/reality-check.css";

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
  const money = (amount: string) => formatMoney(amount, i18n.language);

  async function proceed() {
    try {
      await goOn.mutateAsync();
      onContinue();
    } catch (error) {
      setProblem(errorText(error));
    }
  }

  return (
    <Dialog
      visible
      title={t("limits.streak.title")}
      content={
        <div className="reality-check" data-testid="loss-streak-pause">
          <p className="reality-check__lead">{t("limits.streak.body", { count: pause.lossesInRow })}</p>
          <p className="loss-streak__hour">{t("limits.streak.hour")}</p>
          <dl className="detail-rows reality-check__figures">
            <div>
              <dt>{t("limits.reality.contracts")}</dt>
              <dd className="num" data-testid="loss-streak-contracts">
                {new Intl.NumberFormat(i18n.language).format(pause.contracts)}
              </dd>
            </div>
            <div>
              <dt>{t("limits.reality.staked")}</dt>
              <dd className="num" data-testid="loss-streak-staked">
                {money(pause.staked)}
              </dd>
            </div>
            <div>
              <dt>{t("limits.streak.returned")}</dt>
              <dd className="num" data-testid="loss-streak-returned">
                {money(pause.returned)}
              </dd>
            </div>
            <div>
              <dt>{t("limits.reality.net")}</dt>
              <dd className={`num ${pnlClass(pause.net)}`} data-testid="loss-streak-net">
                {money(pause.net)}
              </dd>
            </div>
          </dl>
          {problem ? (
            <p className="loss-streak__problem" role="alert">
              {problem}
            </p>
          ) : null}
        </div>
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
