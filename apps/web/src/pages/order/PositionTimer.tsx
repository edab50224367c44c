import type { Contract } from "@tickfair/contract";
import { DotLoading } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { timeLeftMs } from "../../lib/countdown";
import { formatCountdown } from "../../lib/trading-format";
import { ResultTag } from "./parts";
import type { PositionPhase } from "./position-tracker";

/** Waiting for the entry tick, the time left with a bar that empties, settling, or the result. */
export function PositionTimer({
  contract,
  phase,
  now,
}: {
  contract: Contract;
  phase: PositionPhase;
  now: number;
}) {
  const { t } = useTranslation();
  if (phase === "settled" && contract.result) {
    return (
      <div className="position-state position-state--settled" data-testid="position-settled">
        <ResultTag result={contract.result} />
        <span>{t("orders.movedToRecords")}</span>
      </div>
    );
  }
  const duration = contract.durationSeconds * 1000;
  const left = timeLeftMs(contract, now);
  if (left === null || left <= 0 || phase === "settling") {
    return (
      <div className="position-state" data-testid="position-waiting">
        <DotLoading color="currentColor" />
        <span>{left === null && phase === "live" ? t("trading.waitingEntry") : t("trading.settling")}</span>
      </div>
    );
  }
  const share = left / duration;
  return (
    <div className="position-timer">
      <div className="position-timer__line">
        <span>{t("orders.timeLeft")}</span>
        <strong className="num" data-testid="position-countdown">
          {formatCountdown(left)}
        </strong>
      </div>
      <div className="position-timer__bar" aria-hidden="true">
        <span style={{ transform: `scaleX(${share})` }} />
      </div>
    </div>
  );
}
