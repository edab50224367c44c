import { totpDisableStepUp } from "@tickfair/contract";
import { Button, Toast } from "antd-mobile";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useFormFields } from "../../api/form-errors";
import { useDisableTotp, useStepUpWithPayPassword } from "../../api/totp";
import { SubmitButton } from "../../components/SubmitButton/SubmitButton";
import { PayPasswordField } from "../../components/TextField/PayPasswordField";

/** Turning two-step sign-in off, confirmed with a fresh proof (a step-up for exactly this). */
export function TurnOff({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const { values, bind, report, fail } = useFormFields({ payPassword: "" });
  const stepUp = useStepUpWithPayPassword();
  const disable = useDisableTotp();
  const pending = stepUp.isPending || disable.isPending;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const missing = values.payPassword.length === 6 ? undefined : t("twoFactor.payPasswordRequired");
    if (report({ payPassword: missing })) return;
    try {
      const grant = await stepUp.mutateAsync({
        action: totpDisableStepUp(),
        payPassword: values.payPassword,
      });
      await disable.mutateAsync(grant.token);
      Toast.show({ icon: "success", content: t("twoFactor.disabled") });
      onDone();
    } catch (error) {
      fail(error, { fields: ["payPassword"] });
    }
  }

  return (
    <form className="card two-factor__card tf-form" onSubmit={submit} noValidate data-testid="totp-turn-off">
      <h2 className="two-factor__heading">{t("twoFactor.confirmTitle")}</h2>
      <PayPasswordField
        {...bind("payPassword")}
        label={t("twoFactor.payPassword")}
        placeholder={t("twoFactor.payPasswordPlaceholder")}
        testId="totp-off-pay-password"
      />
      <SubmitButton pending={pending} testId="totp-off-submit">
        {t("twoFactor.turnOff")}
      </SubmitButton>
      <Button block fill="none" onClick={onCancel}>
        {t("common.cancel")}
      </Button>
    </form>
  );
}
