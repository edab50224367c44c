import { isPassword, isPayPassword, PHONE_COUNTRY_CODES } from "@tickfair/contract";
import { Toast } from "antd-mobile";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useNavigate } from "react-router";
import { useRegister } from "../../api/auth";
import { codeText, errorText, fieldErrorTexts } from "../../api/messages";
import { PageNavBar } from "../../components/PageNavBar";
import { StepIndicator } from "../../components/StepIndicator";
import { SubmitButton } from "../../components/SubmitButton";
import { TextField } from "../../components/TextField";
import { paths } from "../../lib/paths";
import { useSession } from "../../store/session";
import "./register.css";

type Field = "password" | "passwordConfirm" | "payPassword" | "payPasswordConfirm";
type Errors = Partial<Record<Field, string>>;

const digits6 = (value: string) => value.replace(/\D/g, "").slice(0, 6);

export default function Register() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const info = useSession((s) => s.registerInfo);
  const setRegisterInfo = useSession((s) => s.setRegisterInfo);
  const [values, setValues] = useState<Record<Field, string>>({
    password: "",
    passwordConfirm: "",
    payPassword: "",
    payPasswordConfirm: "",
  });
  const [errors, setErrors] = useState<Errors>({});
  const register = useRegister();
  const [done, setDone] = useState(false);

  // Without step 1's data there is nothing to register: back to step 1 (but not once registered).
  if (!info) return done ? null : <Navigate to={paths.registerCheck} replace />;
  const registerInfo = info;

  function set(field: Field, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
  }

  function validate(): Errors {
    const next: Errors = {};
    const { password, passwordConfirm, payPassword, payPasswordConfirm } = values;
    if (password === "") next.password = t("register.passwordRequired");
    else if (!isPassword(password)) next.password = codeText("PASSWORD_INVALID");
    if (passwordConfirm === "") next.passwordConfirm = t("register.passwordConfirmRequired");
    else if (password !== passwordConfirm) next.passwordConfirm = t("register.passwordsMismatch");
    if (payPassword === "") next.payPassword = t("register.payPasswordRequired");
    else if (!isPayPassword(payPassword)) next.payPassword = codeText("PAY_PASSWORD_INVALID");
    if (payPasswordConfirm === "") next.payPasswordConfirm = t("register.payPasswordConfirmRequired");
    else if (payPassword !== payPasswordConfirm) next.payPasswordConfirm = t("register.payPasswordsMismatch");
    return next;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (register.isPending) return;
    const next = validate();
    setErrors(next);
    // Each problem is shown under its field; a toast on top would repeat it.
    if (Object.keys(next).length > 0) return;
    try {
      await register.mutateAsync({ ...registerInfo, ...values });
      setDone(true);
      Toast.show({ icon: "success", content: t("register.success") });
      navigate(`${paths.login}?account=${encodeURIComponent(registerInfo.account)}`, { replace: true });
      setRegisterInfo(null);
    } catch (error) {
      const fields = fieldErrorTexts(error);
      setErrors({
        password: fields.password,
        passwordConfirm: fields.passwordConfirm,
        payPassword: fields.payPassword,
        payPasswordConfirm: fields.payPasswordConfirm,
      });
      // Step-1 fields (account taken meanwhile, code used up) are fixed on step 1: the toast says which.
      const shownInline =
        fields.password ?? fields.passwordConfirm ?? fields.payPassword ?? fields.payPasswordConfirm;
      if (!shownInline)
        Toast.show({
          icon: "fail",
          content: fields.account ?? fields.phone ?? fields.inviteCode ?? errorText(error),
        });
    }
  }

  return (
    <div className="page page--white">
      <PageNavBar title={t("register.title")} backTo={paths.registerCheck} />
      <main className="page__body">
        <StepIndicator current={2} />
        <div className="register-summary">
          <span>
            {t("register.summary", {
              account: registerInfo.account,
              phone: `${PHONE_COUNTRY_CODES[registerInfo.phoneCountry]} ${registerInfo.phone}`,
            })}
          </span>
          <Link to={paths.registerCheck} replace>
            {t("register.edit")}
          </Link>
        </div>
        <form className="tf-form" onSubmit={submit} noValidate>
          <TextField
            label={t("register.password")}
            name="password"
            type="password"
            testId="register-password"
            autoComplete="new-password"
            placeholder={t("register.passwordPlaceholder")}
            maxLength={32}
            value={values.password}
            onValueChange={(v) => set("password", v)}
            hint={t("register.passwordHint")}
            error={errors.password}
          />
          <TextField
            label={t("register.passwordConfirm")}
            name="passwordConfirm"
            type="password"
            testId="register-password-confirm"
            autoComplete="new-password"
            placeholder={t("register.passwordConfirmPlaceholder")}
            maxLength={32}
            value={values.passwordConfirm}
            onValueChange={(v) => set("passwordConfirm", v)}
            error={errors.passwordConfirm}
          />
          <TextField
            label={t("register.payPassword")}
            name="payPassword"
            type="password"
            inputMode="numeric"
            pattern="[0-9]*"
            testId="register-pay"
            autoComplete="off"
            placeholder={t("register.payPasswordPlaceholder")}
            maxLength={6}
            value={values.payPassword}
            onValueChange={(v) => set("payPassword", digits6(v))}
            hint={t("register.payPasswordHint")}
            error={errors.payPassword}
          />
          <TextField
            label={t("register.payPasswordConfirm")}
            name="payPasswordConfirm"
            type="password"
            inputMode="numeric"
            pattern="[0-9]*"
            testId="register-pay-confirm"
            autoComplete="off"
            placeholder={t("register.payPasswordConfirmPlaceholder")}
            maxLength={6}
            value={values.payPasswordConfirm}
            onValueChange={(v) => set("payPasswordConfirm", digits6(v))}
            error={errors.payPasswordConfirm}
          />
          <SubmitButton pending={register.isPending} testId="register-submit">
            {t("register.submit")}
          </SubmitButton>
        </form>
      </main>
    </div>
  );
}
