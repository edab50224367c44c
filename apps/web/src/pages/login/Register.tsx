import type { ContentPageKind } from "@tickfair/contract";
import { isPassword, isPayPassword, PHONE_COUNTRY_CODES } from "@tickfair/contract";
import { Toast } from "antd-mobile";
import { type FormEvent, lazy, type MouseEvent, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRegister } from "../../api/auth";
import { useFormFields } from "../../api/form-errors";
import { codeText, errorText, fieldErrorTexts } from "../../api/messages";
import { PageNavBar } from "../../components/PageNavBar/PageNavBar";
import { RiskWarning } from "../../components/RiskWarning/RiskWarning";
import { StepIndicator } from "../../components/StepIndicator/StepIndicator";
import { SubmitButton } from "../../components/SubmitButton/SubmitButton";
import { PayPasswordField } from "../../components/TextField/PayPasswordField";
import { TextField } from "../../components/TextField/TextField";
import { paths } from "../../lib/paths";
import { Link, Navigate, useNavigate } from "../../router";
import { useSession } from "../../store/session";
import "./register.css";

// The content pages' chunk (the Markdown renderer) loads only when a document is opened.
const ContentSheet = lazy(() => import("../../components/ContentDocument/ContentSheet"));

const FIELDS = ["password", "passwordConfirm", "payPassword", "payPasswordConfirm"] as const;
type Field = (typeof FIELDS)[number];

export default function Register() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const info = useSession((s) => s.registerInfo);
  const setRegisterInfo = useSession((s) => s.setRegisterInfo);
  const { values, bind, report, fail } = useFormFields<Field>({
    password: "",
    passwordConfirm: "",
    payPassword: "",
    payPasswordConfirm: "",
  });
  const register = useRegister();
  const [done, setDone] = useState(false);
  const [reading, setReading] = useState<ContentPageKind | null>(null);

  // Without step 1's data there is nothing to register: back to step 1 (but not once registered). A
  // draft kept from before nationality was asked has none, so it goes back too.
  if (!info?.nationality) return done ? null : <Navigate to={paths.registerCheck} replace />;
  const registerInfo = info;

  /** Opens the document over the form rather than leaving it, so nothing typed is lost. */
  function read(event: MouseEvent, kind: ContentPageKind) {
    event.preventDefault();
    setReading(kind);
  }

  function validate() {
    const next: Partial<Record<Field, string>> = {};
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
    if (report(validate())) return;
    try {
      await register.mutateAsync({ ...registerInfo, ...values });
      setDone(true);
      Toast.show({ icon: "success", content: t("register.success") });
      navigate(`${paths.login}?account=${encodeURIComponent(registerInfo.account)}`, { replace: true });
      setRegisterInfo(null);
    } catch (error) {
      // Step-1 fields (account taken meanwhile, code used up) are fixed on step 1: the toast says which.
      const fields = fieldErrorTexts(error);
      fail(
        error,
        { fields: FIELDS },
        fields.account ?? fields.phone ?? fields.inviteCode ?? errorText(error),
      );
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
            {...bind("password")}
            label={t("register.password")}
            type="password"
            testId="register-password"
            autoComplete="new-password"
            placeholder={t("register.passwordPlaceholder")}
            maxLength={32}
            hint={t("register.passwordHint")}
          />
          <TextField
            {...bind("passwordConfirm")}
            label={t("register.passwordConfirm")}
            type="password"
            testId="register-password-confirm"
            autoComplete="new-password"
            placeholder={t("register.passwordConfirmPlaceholder")}
            maxLength={32}
          />
          <PayPasswordField
            {...bind("payPassword")}
            label={t("register.payPassword")}
            testId="register-pay"
            placeholder={t("register.payPasswordPlaceholder")}
            hint={t("register.payPasswordHint")}
          />
          <PayPasswordField
            {...bind("payPasswordConfirm")}
            label={t("register.payPasswordConfirm")}
            testId="register-pay-confirm"
            placeholder={t("register.payPasswordConfirmPlaceholder")}
          />
          {/* The limits page needs an account: no link to it before there is one. */}
          <RiskWarning showLimitsLink={false} />
          <p className="register-consent" data-testid="register-consent">
            {t("register.consentBefore")}
            <Link to={paths.agreement} onClick={(e) => read(e, "agreement")} data-testid="register-agreement">
              {t("register.agreement")}
            </Link>
            {t("register.consentAnd")}
            <Link to={paths.privacy} onClick={(e) => read(e, "privacy")} data-testid="register-privacy">
              {t("register.privacy")}
            </Link>
            {t("register.consentAfter")}
          </p>
          <SubmitButton pending={register.isPending} testId="register-submit">
            {t("register.submit")}
          </SubmitButton>
        </form>
      </main>
      {reading ? (
        <Suspense fallback={null}>
          <ContentSheet kind={reading} onClose={() => setReading(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}
