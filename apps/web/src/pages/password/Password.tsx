import { isPassword, isPayPassword, type PasswordType } from "@tickfair/contract";
import { Toast } from "antd-mobile";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { hasFieldErrors, useFieldErrors } from "../../api/form-errors";
import { useChangePassword } from "../../api/me";
import { codeText } from "../../api/messages";
import { PageNavBar } from "../../components/PageNavBar/PageNavBar";
import { SubmitButton } from "../../components/SubmitButton/SubmitButton";
import { PayPasswordField } from "../../components/TextField/PayPasswordField";
import { TextField } from "../../components/TextField/TextField";
import { useGoBack } from "../../lib/navigation";
import { paths } from "../../lib/paths";

const FIELDS = ["oldPassword", "newPassword", "confirmPassword"] as const;
type Field = (typeof FIELDS)[number];

/** Each field's texts for a login password and for a transaction password. */
const FIELD_TEXTS = [
  {
    name: "oldPassword",
    testId: "password-old",
    autoComplete: "current-password",
    label: { login: "password.old", pay: "password.oldPay" },
    placeholder: { login: "password.oldPlaceholder", pay: "password.oldPayPlaceholder" },
  },
  {
    name: "newPassword",
    testId: "password-new",
    autoComplete: "new-password",
    label: { login: "password.new", pay: "password.newPay" },
    placeholder: { login: "password.newPlaceholder", pay: "password.newPayPlaceholder" },
    hint: { login: "password.loginHint", pay: "password.payHint" },
  },
  {
    name: "confirmPassword",
    testId: "password-confirm",
    autoComplete: "new-password",
    label: { login: "password.confirm", pay: "password.confirmPay" },
    placeholder: { login: "password.confirmPlaceholder", pay: "password.confirmPayPlaceholder" },
  },
] as const;

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
  const [values, setValues] = useState<Record<Field, string>>({
    oldPassword: "",
    newPassword: "",
    confirmPassword: "",
  });
  const { errors, setErrors, clear, fail } = useFieldErrors<Field>();
  const change = useChangePassword();

  function set(field: Field, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    clear(field);
  }

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
    const next = validate();
    setErrors(next);
    if (hasFieldErrors(next)) return;
    try {
      await change.mutateAsync({ type, ...values });
      Toast.show({ icon: "success", content: t("common.operationSuccess") });
      back();
    } catch (error) {
      fail(error, { fields: FIELDS });
    }
  }

  return (
    <div className="page page--white">
      <PageNavBar title={pay ? t("password.titlePay") : t("password.titleLogin")} backTo={paths.settings} />
      <main className="page__body">
        <form className="tf-form" onSubmit={submit} noValidate>
          {FIELD_TEXTS.map((field) => {
            const props = {
              label: t(field.label[type]),
              name: field.name,
              testId: field.testId,
              placeholder: t(field.placeholder[type]),
              value: values[field.name],
              onValueChange: (v: string) => set(field.name, v),
              hint: "hint" in field ? t(field.hint[type]) : undefined,
              error: errors[field.name],
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
      </main>
    </div>
  );
}
