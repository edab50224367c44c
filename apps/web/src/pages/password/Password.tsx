import { isPassword, isPayPassword, type PasswordType } from "@tickfair/contract";
import { Toast } from "antd-mobile";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useChangePassword } from "../../api/me";
import { codeText, errorText, fieldErrorTexts } from "../../api/messages";
import { PageNavBar } from "../../components/PageNavBar";
import { SubmitButton } from "../../components/SubmitButton";
import { TextField } from "../../components/TextField";
import { useGoBack } from "../../lib/navigation";
import { paths } from "../../lib/paths";

type Field = "oldPassword" | "newPassword" | "confirmPassword";
type Errors = Partial<Record<Field, string>>;

const digits6 = (value: string) => value.replace(/\D/g, "").slice(0, 6);

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
  const [errors, setErrors] = useState<Errors>({});
  const change = useChangePassword();

  function set(field: Field, value: string) {
    setValues((v) => ({ ...v, [field]: pay ? digits6(value) : value }));
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
  }

  function validate(): Errors {
    const next: Errors = {};
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
    // Each problem is shown under its field; a toast on top would repeat it.
    if (Object.keys(next).length > 0) return;
    try {
      await change.mutateAsync({ type, ...values });
      Toast.show({ icon: "success", content: t("common.operationSuccess") });
      back();
    } catch (error) {
      const fields = fieldErrorTexts(error);
      setErrors({
        oldPassword: fields.oldPassword,
        newPassword: fields.newPassword,
        confirmPassword: fields.confirmPassword,
      });
      const shownInline = fields.oldPassword ?? fields.newPassword ?? fields.confirmPassword;
      if (!shownInline) Toast.show({ icon: "fail", content: errorText(error) });
    }
  }

  const secret = pay
    ? ({ inputMode: "numeric", pattern: "[0-9]*", maxLength: 6, autoComplete: "off" } as const)
    : ({ maxLength: 32 } as const);

  return (
    <div className="page page--white">
      <PageNavBar title={pay ? t("password.titlePay") : t("password.titleLogin")} backTo={paths.settings} />
      <main className="page__body">
        <form className="tf-form" onSubmit={submit} noValidate>
          <TextField
            label={pay ? t("password.oldPay") : t("password.old")}
            name="oldPassword"
            type="password"
            testId="password-old"
            placeholder={pay ? t("password.oldPayPlaceholder") : t("password.oldPlaceholder")}
            autoComplete={pay ? "off" : "current-password"}
            {...secret}
            value={values.oldPassword}
            onValueChange={(v) => set("oldPassword", v)}
            error={errors.oldPassword}
          />
          <TextField
            label={pay ? t("password.newPay") : t("password.new")}
            name="newPassword"
            type="password"
            testId="password-new"
            placeholder={pay ? t("password.newPayPlaceholder") : t("password.newPlaceholder")}
            autoComplete={pay ? "off" : "new-password"}
            {...secret}
            value={values.newPassword}
            onValueChange={(v) => set("newPassword", v)}
            hint={pay ? t("password.payHint") : t("password.loginHint")}
            error={errors.newPassword}
          />
          <TextField
            label={pay ? t("password.confirmPay") : t("password.confirm")}
            name="confirmPassword"
            type="password"
            testId="password-confirm"
            placeholder={pay ? t("password.confirmPayPlaceholder") : t("password.confirmPlaceholder")}
            autoComplete={pay ? "off" : "new-password"}
            {...secret}
            value={values.confirmPassword}
            onValueChange={(v) => set("confirmPassword", v)}
            error={errors.confirmPassword}
          />
          <SubmitButton pending={change.isPending} testId="password-submit">
            {t("password.submit")}
          </SubmitButton>
        </form>
      </main>
    </div>
  );
}
