import type { TotpEnrolment } from "@tickfair/contract";
import { Button } from "antd-mobile";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useFormFields } from "../../api/form-errors";
import { useConfirmTotp } from "../../api/totp";
import { CopyButton } from "../../components/CopyButton/CopyButton";
import { SubmitButton } from "../../components/SubmitButton/SubmitButton";
import { CodeField } from "../../components/TextField/CodeField";
import { QrCode } from "./QrCode";

/** The secret offered, to scan or type, and the code that proves the app has it. */
export function Enrol({
  enrolment,
  onEnabled,
  onCancel,
}: {
  enrolment: TotpEnrolment;
  onEnabled: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { values, set, errors, report, fail } = useFormFields({ code: "" });
  const confirm = useConfirmTotp();
  // Groups of four, as authenticator apps show a key typed in by hand.
  const secretShown = enrolment.secret.match(/.{1,4}/g)?.join(" ") ?? enrolment.secret;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (confirm.isPending) return;
    if (report({ code: values.code.length === 6 ? undefined : t("twoFactor.codeRequired") })) return;
    try {
      const { recoveryCodes } = await confirm.mutateAsync(values.code);
      onEnabled(recoveryCodes);
    } catch (error) {
      fail(error, { fields: ["code"], codes: { TOTP_CODE_WRONG: "code" } });
    }
  }

  return (
    <form className="card two-factor__card tf-form" onSubmit={submit} noValidate data-testid="totp-enrol">
      <h2 className="two-factor__heading">{t("twoFactor.scan")}</h2>
      <p className="two-factor__text">{t("twoFactor.scanHint")}</p>
      <QrCode value={enrolment.otpauthUri} label={t("twoFactor.scan")} testId="totp-qr" />
      <div className="two-factor__secret">
        <span className="two-factor__label">{t("twoFactor.secretLabel")}</span>
        <code data-testid="totp-secret" data-secret={enrolment.secret}>
          {secretShown}
        </code>
        <CopyButton text={enrolment.secret} label={t("twoFactor.secretLabel")} testId="totp-secret-copy" />
      </div>
      <h2 className="two-factor__heading">{t("twoFactor.enterCode")}</h2>
      <CodeField
        label={t("twoFactor.code")}
        placeholder={t("twoFactor.codePlaceholder")}
        value={values.code}
        onValueChange={(code) => set("code", code)}
        error={errors.code}
        testId="totp-enrol-code"
      />
      <SubmitButton pending={confirm.isPending} testId="totp-enrol-submit">
        {t("twoFactor.confirm")}
      </SubmitButton>
      <Button block fill="none" onClick={onCancel} data-testid="totp-enrol-cancel">
        {t("common.cancel")}
      </Button>
    </form>
  );
}
