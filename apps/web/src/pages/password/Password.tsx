import { isPassword, isPayPassword, type PasswordType, passwordStepUp } from "@tickfair/contract";
import { Toast } from "antd-mobile";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useFormFields } from "../../api/form-errors";
import { useChangePassword } from "../../api/me";
import { codeText } from "../../api/messages";
import { PageNavBar } from "../../components/PageNavBar/PageNavBar";
import { stepUpHeaders } from "../../components/StepUp/step-up-api";
import { useStepUp } from "../../components/StepUp/useStepUp";
import { SubmitButton } from "../../components/SubmitButton/SubmitButton";
import { PayPasswordField } from "../../components/TextField/PayPasswordField";
import { TextField } from "../../components/TextField/TextField";
import { paths } from "../../lib/paths";
import { useGoBack, useSearchParams } from "../../router";

/**
 * The form's fields. Their texts are `password.<stem>` with `…Placeholder`, and for a transaction
 * password `password.<stem>Pay` with `…PayPlaceholder`.
 */
const FIELDS = [
  { name: "oldPassword", stem: "old", testId: "password-old", autoComplete: "current-password" },
  { name: "newPassword", stem: "new", testId: "password-new", autoComplete: "new-password" },
  { name: "confirmPassword", stem: "confirm", testId: "password-confirm", autoComplete: "new-password" },
] as const;
const FIELD_NAMES = FIELDS.map((field) => field.name);
type Field = (typeof FIELD_NAMES)[number];

/** `?type=login` (default) or `?type=pay`; a new type starts a fresh form. */
export default function Password() {
  const [params] = useSearchParams();
  const type: PasswordType = params.get("type") === "pay" ? "pay" : "login";
  return <PasswordForm key={type} type={type} />;
}

function PasswordForm({ type }: { type: PasswordType }) {
  const { t } = useTranslation();
  const pay = type === "pay";
  const back = useGoBack(paths.settings);
  const { values, bind, report, fail } = useFormFields<Field>({
    oldPassword: "",
    newPassword: "",
    confirmPassword: "",
  });
  const change = useChangePassword();
  const stepUp = useStepUp();
  const kind = pay ? "Pay" : "";

  function validate() {
    const next: Partial<Record<Field, string>> = {};
    const { oldPassword, newPassword, confirmPassword } = values;
    const valid = pay ? isPayPassword : isPassword;
    if (oldPassword === "")
      next.oldPassword = pay ? t("password.oldPayPlaceholder") : t("password.oldRequired");
    if (newPassword === "")
      next.newPassword = pay ? t("password.newPayPlaceholder") : t("password.newRequired");
    else if (!valid(newPassword))
      next.newPassword = codeText(pay ? "PAY_PASSWORD_INVALID" : "PASSWORD_INVALID");
    else if (newPassword === oldPassword) next.newPassword = codeText("NEW_PASSWORD_SAME");
    if (confirmPassword === "")
      next.confirmPassword = pay ? t("password.confirmPayPlaceholder") : t("password.confirmRequired");
    else if (confirmPassword !== newPassword)
      next.confirmPassword = pay ? t("password.payMismatch") : t("password.mismatch");
    return next;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (change.isPending) return;
    if (report(validate())) return;
    try {
      // The old transaction password is the proof when it is the one changed: asked once, not twice.
      const token = await stepUp.confirm(
        passwordStepUp(type),
        pay ? { payPassword: values.oldPassword } : undefined,
      );
      if (token === null) return;
      await change.mutateAsync({ body: { type, ...values }, headers: stepUpHeaders(token) });
      Toast.show({ icon: "success", content: t("common.operationSuccess") });
      back();
    } catch (error) {
      fail(error, { fields: FIELD_NAMES, codes: { PAY_PASSWORD_WRONG: "oldPassword" } });
    }
  }

  return (
    <div className="page page--white">
      <PageNavBar title={pay ? t("password.titlePay") : t("password.titleLogin")} backTo={paths.settings} />
      <main className="page__body">
        <form className="tf-form" onSubmit={submit} noValidate>
          {FIELDS.map((field) => {
            const props = {
              ...bind(field.name),
              label: t(`password.${field.stem}${kind}`),
              testId: field.testId,
              placeholder: t(`password.${field.stem}${kind}Placeholder`),
              hint:
                field.name === "newPassword" ? t(pay ? "password.payHint" : "password.loginHint") : undefined,
            };
            return pay ? (
              <PayPasswordField key={field.name} {...props} />
            ) : (
              <TextField
                key={field.name}
                {...props}
                type="password"
                autoComplete={field.autoComplete}
                maxLength={32}
              />
            );
          })}
          <SubmitButton pending={change.isPending} testId="password-submit">
            {t("password.submit")}
          </SubmitButton>
        </form>
        {stepUp.sheet}
      </main>
    </div>
  );
}
