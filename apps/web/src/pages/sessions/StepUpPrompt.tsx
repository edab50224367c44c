import type { StepUpAction, StepUpGrant } from "@tickfair/contract";
import { Popup } from "antd-mobile";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiRequest } from "../../api/client";
import { ApiError } from "../../api/errors";
import { codeText, errorText } from "../../api/messages";
import { SubmitButton } from "../../components/SubmitButton/SubmitButton";
import { PayPasswordField } from "../../components/TextField/PayPasswordField";

/** An action waiting for its proof: what the grant is asked for, the request it then sends, its toast. */
export interface ProofRequest {
  action: StepUpAction;
  send: (stepUpToken: string) => Promise<unknown>;
  done: string;
}

type Outcome = "done" | "failed" | "cancelled";

/**
 * The fresh proof an ending of sessions needs (decision 0067): the transaction password, traded for a
 * grant of this one action, which the action's request then carries. A wrong password stays here to be
 * typed again; any other refusal ends the prompt with the action's failure.
 */
export function StepUpPrompt({
  request,
  onFinished,
}: {
  request: ProofRequest | null;
  onFinished: (outcome: Outcome, error?: unknown) => void;
}) {
  const { t } = useTranslation();
  const [payPassword, setPayPassword] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  function close(outcome: Outcome, failure?: unknown) {
    setPayPassword("");
    setError(undefined);
    onFinished(outcome, failure);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!request || pending) return;
    if (payPassword.length !== 6) {
      setError(codeText("PAY_PASSWORD_INVALID"));
      return;
    }
    setPending(true);
    try {
      const grant = await apiRequest<StepUpGrant>("/v1/me/step-up", {
        method: "POST",
        auth: true,
        body: { action: request.action, proof: { method: "payPassword", payPassword } },
      });
      await request.send(grant.token);
      close("done");
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === "PAY_PASSWORD_WRONG") {
        setPayPassword("");
        setError(errorText(failure));
      } else close("failed", failure);
    } finally {
      setPending(false);
    }
  }

  return (
    <Popup
      visible={request !== null}
      onMaskClick={() => close("cancelled")}
      onClose={() => close("cancelled")}
      bodyClassName="sessions-proof"
      destroyOnClose
    >
      <form
        className="sessions-proof__form tf-form"
        onSubmit={submit}
        noValidate
        data-testid="sessions-proof"
      >
        <h2 className="sessions-proof__title">{t("sessions.proveTitle")}</h2>
        <PayPasswordField
          label={t("sessions.payPassword")}
          name="payPassword"
          testId="sessions-proof-pay-password"
          value={payPassword}
          onValueChange={(digits) => {
            setPayPassword(digits);
            setError(undefined);
          }}
          error={error}
        />
        <SubmitButton pending={pending} testId="sessions-proof-submit">
          {t("common.confirm")}
        </SubmitButton>
      </form>
    </Popup>
  );
}
