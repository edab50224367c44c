import { Button } from "antd-mobile";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useFormFields } from "../../api/form-errors";
import { useRenewRecoveryCodes } from "../../api/totp";
import { SubmitButton } from "../../components/SubmitButton/SubmitButton";
import { CodeField } from "../../components/TextField/CodeField";

/** New recovery codes for a current code from the app: the old ones stop working. */
export function RenewCodes({
  onRenewed,
  onCancel,
}: {
  onRenewed: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { values, set, errors, report, fail } = useFormFields({ code: "" });
  const renew = useRenewRecoveryCodes();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (renew.isPending) return;
    if (report({ code: values.code.length === 6 ? undefined : t("twoFactor.codeRequired") })) return;
    try {
      onRenewed((await renew.mutateAsync(values.code)).recoveryCodes);
    } catch (error) {
      fail(error, { fields: ["code"], codes: { TOTP_CODE_WRONG: "code" } });
    }
  }

  return (
    <form className="card two-factor__card tf-form" onSubmit={submit} noValidate data-testid="totp-renew">
      <h2 className="two-factor__heading">{t("twoFactor.renew")}</h2>
      <p className="two-factor__text">{t("twoFactor.renewIntro")}</p>
      <CodeField
        label={t("twoFactor.code")}
        placeholder={t("twoFactor.codePlaceholder")}
        value={values.code}
        onValueChange={(code) => set("code", code)}
        error={errors.code}
        testId="totp-renew-code"
      />
      <SubmitButton pending={renew.isPending} testId="totp-renew-submit">
        {t("twoFactor.renewSubmit")}
      </SubmitButton>
      <Button block fill="none" onClick={onCancel}>
        {t("common.cancel")}
      </Button>
    </form>
  );
}
