import { type TotpEnrolment, type TotpStatus, totpDisableStepUp } from "@tickfair/contract";
import { Toast } from "antd-mobile";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../api/messages";
import { useDisableTotp, useStartTotp, useTotpStatus } from "../../api/totp";
import { IconShield } from "../../components/icons";
import { PageNavBar } from "../../components/PageNavBar/PageNavBar";
import { QueryCard } from "../../components/QueryCard/QueryCard";
import { stepUpHeaders } from "../../components/StepUp/step-up-api";
import { useStepUp } from "../../components/StepUp/useStepUp";
import { SubmitButton } from "../../components/SubmitButton/SubmitButton";
import { currentLocale } from "../../i18n";
import { confirmDialog } from "../../lib/dialogs";
import { paths } from "../../lib/paths";
import { formatDateTime } from "../../lib/time";
import { CodeCard } from "./CodeCard";
import { RecoveryCodes } from "./RecoveryCodes";
import "./two-factor.css";

/** What the page shows beyond the status: one task at a time. */
type Task =
  | { kind: "none" }
  | { kind: "enrol"; enrolment: TotpEnrolment }
  | { kind: "codes"; codes: string[] }
  | { kind: "renew" };

/** Settings → two-step sign-in: turn it on with an authenticator app, renew recovery codes, turn it off. */
export default function TwoFactor() {
  const { t } = useTranslation();
  const status = useTotpStatus();
  const start = useStartTotp();
  const disable = useDisableTotp();
  const stepUp = useStepUp();
  const [task, setTask] = useState<Task>({ kind: "none" });
  const done = () => setTask({ kind: "none" });

  async function turnOn() {
    try {
      setTask({ kind: "enrol", enrolment: await start.mutateAsync() });
    } catch (error) {
      Toast.show({ icon: "fail", content: errorText(error) });
    }
  }

  /** Off after a confirmation and a fresh proof (a step-up for exactly this). */
  async function turnOff() {
    if (!(await confirmDialog({ content: t("twoFactor.turnOffConfirm") }))) return;
    try {
      const token = await stepUp.confirm(totpDisableStepUp());
      if (token === null) return;
      await disable.mutateAsync(stepUpHeaders(token));
      Toast.show({ icon: "success", content: t("twoFactor.disabled") });
    } catch (error) {
      Toast.show({ icon: "fail", content: errorText(error) });
    }
  }

  return (
    <div className="page">
      <PageNavBar title={t("twoFactor.title")} backTo={paths.settings} />
      <main className="page__body two-factor">
        {status.data ? (
          <StatusCard status={status.data} />
        ) : (
          <QueryCard query={status} lines={3} className="card two-factor__card" />
        )}
        {task.kind === "enrol" || task.kind === "renew" ? (
          <CodeCard
            enrolment={task.kind === "enrol" ? task.enrolment : undefined}
            onCodes={(codes) => setTask({ kind: "codes", codes })}
            onCancel={done}
          />
        ) : null}
        {task.kind === "codes" ? (
          <RecoveryCodes
            codes={task.codes}
            onSaved={() => {
              Toast.show({ icon: "success", content: t("twoFactor.enabled") });
              done();
            }}
          />
        ) : null}
        {task.kind === "none" && status.data && !status.data.enabled ? (
          <SubmitButton pending={start.isPending} testId="totp-turn-on" onClick={() => void turnOn()}>
            {t("twoFactor.turnOn")}
          </SubmitButton>
        ) : null}
        {task.kind === "none" && status.data?.enabled ? (
          <div className="two-factor__actions">
            <SubmitButton pending={false} testId="totp-renew-open" onClick={() => setTask({ kind: "renew" })}>
              {t("twoFactor.renew")}
            </SubmitButton>
            <button
              type="button"
              className="two-factor__danger"
              onClick={() => void turnOff()}
              disabled={disable.isPending}
              data-testid="totp-turn-off-open"
            >
              {t("twoFactor.turnOff")}
            </button>
          </div>
        ) : null}
      </main>
      {stepUp.sheet}
    </div>
  );
}

function StatusCard({ status }: { status: TotpStatus }) {
  const { t } = useTranslation();
  return (
    <section className="card two-factor__card" data-testid="totp-status">
      <div className="two-factor__status">
        <IconShield className="two-factor__icon" />
        <h2 className="two-factor__heading">{t("twoFactor.title")}</h2>
        <span
          className={status.enabled ? "two-factor__badge two-factor__badge--on" : "two-factor__badge"}
          data-testid="totp-state"
        >
          {status.enabled ? t("twoFactor.on") : t("twoFactor.off")}
        </span>
      </div>
      <p className="two-factor__text">{t("twoFactor.intro")}</p>
      {status.enabled && status.enabledAt ? (
        <p className="two-factor__meta">
          {t("twoFactor.onSince", { time: formatDateTime(status.enabledAt, currentLocale()) })}
          <br />
          {t("twoFactor.codesLeft", { count: status.recoveryCodesLeft })}
        </p>
      ) : null}
    </section>
  );
}
