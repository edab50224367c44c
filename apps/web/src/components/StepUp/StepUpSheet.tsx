import { formatMoney, isPayPassword, type StepUpAction } from "@tickfair/contract";
import { Button, Popup } from "antd-mobile";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/errors";
import { errorText } from "../../api/messages";
import { SubmitButton } from "../SubmitButton/SubmitButton";
import { PayPasswordField } from "../TextField/PayPasswordField";
import { requestStepUp } from "./step-up-api";
import { stepUpPurpose } from "./step-up-texts";
import "./step-up.css";

/**
 * Asks for the transaction password for one action and answers the granted token, or null when the
 * user closes it. A wrong password stays in the sheet to try again; six digits send at once.
 */
export function StepUpSheet({
  action,
  onDone,
}: {
  action: StepUpAction;
  onDone: (token: string | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const [payPassword, setPayPassword] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  // Too many wrong passwords: this sheet sends nothing more; the lock lasts minutes.
  const [locked, setLocked] = useState(false);
  const purpose = stepUpPurpose(action);
  const amount = action.data.amount;

  async function send(value: string) {
    if (pending || locked) return;
    if (!isPayPassword(value)) {
      setError(t("stepUp.required"));
      return;
    }
    setPending(true);
    try {
      const grant = await requestStepUp({ action, proof: { method: "payPassword", payPassword: value } });
      onDone(grant.token);
    } catch (failure) {
      const lockedNow = failure instanceof ApiError && failure.code === "WITHDRAWALS_LOCKED";
      setLocked(lockedNow);
      setError(lockedNow ? t("stepUp.locked") : errorText(failure));
      setPayPassword("");
      setPending(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    // The sheet is portalled out of the page but not out of React's tree: a page form must not hear it.
    event.stopPropagation();
    void send(payPassword);
  }

  const close = () => {
    if (!pending) onDone(null);
  };
  return (
    <Popup visible onMaskClick={close} onClose={close} bodyClassName="form-sheet" destroyOnClose>
      <form className="form-sheet__form tf-form" onSubmit={submit} noValidate data-testid="step-up-sheet">
        <h2 className="form-sheet__title">{t("stepUp.title")}</h2>
        <p className="step-up-sheet__purpose num" data-testid="step-up-purpose">
          {t(`stepUp.for.${purpose}`, { amount: amount ? formatMoney(amount, i18n.language) : "" })}
        </p>
        <p className="step-up-sheet__why">{t("stepUp.why")}</p>
        <PayPasswordField
          label={t("stepUp.payPassword")}
          name="stepUpPayPassword"
          testId="step-up-pay-password"
          placeholder={t("stepUp.payPasswordPlaceholder")}
          autoFocus
          disabled={locked}
          value={payPassword}
          onValueChange={(digits) => {
            setPayPassword(digits);
            setError(undefined);
            if (digits.length === 6) void send(digits);
          }}
          error={error}
        />
        <SubmitButton pending={pending} disabled={locked} testId="step-up-confirm">
          {t("stepUp.confirm")}
        </SubmitButton>
        <Button block fill="none" disabled={pending} onClick={close} data-testid="step-up-cancel">
          {t("stepUp.cancel")}
        </Button>
      </form>
    </Popup>
  );
}
