import type { TotpEnrolment } from "@tickfair/contract";
import { Button } from "antd-mobile";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useFormFields } from "../../api/form-errors";
import { useConfirmTotp, useRenewRecoveryCodes } from "../../api/totp";
import { SubmitButton } from "../../components/SubmitButton/SubmitButton";
import { CodeField } from "../../components/TextField/CodeField";
import { Enrol } from "./Enrol";

/**
 * A card that trades a current code from the authenticator app for recovery codes. With an
 * enrolment it turns two-step sign-in on (the secret is shown above the field); without, it renews
 * the codes and the old ones stop working. Both ask the same way: a wrong code is said under the field.
 */
export function CodeCard({
  enrolment,
  onCodes,
  onCancel,
}: {
  enrolment: TotpEnrolment | undefined;
  onCodes: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { values, set, errors, report, fail } = useFormFields({ code: "" });
  const confirm = useConfirmTotp();
  const renew = useRenewRecoveryCodes();
  const exchange = enrolment ? confirm : renew;
  const testId = enrolment ? "totp-enrol" : "totp-renew";

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (exchange.isPending) return;
    if (report({ code: values.code.length === 6 ? undefined : t("twoFactor.codeRequired") })) return;
    try {
      onCodes((await exchange.mutateAsync(values.code)).recoveryCodes);
    } catch (error) {
      fail(error, { fields: ["code"], codes: { TOTP_CODE_WRONG: "code" } });
    }
  }

  return (
    <form className="card two-factor__card tf-form" onSubmit={submit} noValidate data-testid={testId}>
      {enrolment ? (
        <Enrol enrolment={enrolment} />
      ) : (
        <>
          <h2 className="two-factor__heading">{t("twoFactor.renew")}</h2>
          <p className="two-factor__text">{t("twoFactor.renewIntro")}</p>
        </>
      )}
      <CodeField
        value={values.code}
        onValueChange={(code) => set("code", code)}
        error={errors.code}
        testId={`${testId}-code`}
      />
      <SubmitButton pending={exchange.isPending} testId={`${testId}-submit`}>
        {enrolment ? t("twoFactor.confirm") : t("twoFactor.renewSubmit")}
      </SubmitButton>
      <Button block fill="none" onClick={onCancel} data-testid={`${testId}-cancel`}>
        {t("common.cancel")}
      </Button>
    </form>
  );
}
