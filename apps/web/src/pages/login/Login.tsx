import { Toast } from "antd-mobile";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useLogin } from "../../api/auth";
import { ApiError } from "../../api/errors";
import { errorText } from "../../api/messages";
import { BrandMark } from "../../components/BrandMark";
import { PageNavBar } from "../../components/PageNavBar/PageNavBar";
import { SubmitButton } from "../../components/SubmitButton/SubmitButton";
import { TextField } from "../../components/TextField/TextField";
import { paths, safeRedirect } from "../../lib/paths";
import "./auth.css";

type Field = "account" | "password";

export default function Login() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirectParam = params.get("redirect");
  const [account, setAccount] = useState(() => params.get("account") ?? "");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const login = useLogin();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (login.isPending) return;
    const next: Partial<Record<Field, string>> = {};
    if (account.trim() === "") next.account = t("login.accountRequired");
    if (password === "") next.password = t("login.passwordRequired");
    setErrors(next);
    // Each problem is shown under its field; a toast on top would repeat it.
    if (Object.keys(next).length > 0) return;
    try {
      await login.mutateAsync({ account: account.trim(), password });
      navigate(safeRedirect(redirectParam, paths.user), { replace: true });
    } catch (error) {
      const message = errorText(error);
      if (error instanceof ApiError && error.code === "INVALID_CREDENTIALS") {
        setErrors({ password: message });
        setPassword("");
        return;
      }
      Toast.show({ icon: "fail", content: message });
    }
  }

  return (
    <div className="page page--white">
      <PageNavBar backTo={paths.welcome} variant="plain" />
      <main className="page__body">
        <div className="auth__head">
          <BrandMark size={48} />
          <h1 className="auth__title" style={{ marginTop: 20 }}>
            {t("login.heading")}
          </h1>
          <p className="auth__sub">{t("login.subheading")}</p>
        </div>
        <form className="tf-form" onSubmit={submit} noValidate>
          <TextField
            label={t("login.account")}
            name="account"
            testId="login-account"
            autoComplete="username"
            placeholder={t("login.accountPlaceholder")}
            maxLength={64}
            value={account}
            onValueChange={(value) => {
              setAccount(value);
              if (errors.account) setErrors({ ...errors, account: undefined });
            }}
            error={errors.account}
          />
          <TextField
            label={t("login.password")}
            name="password"
            type="password"
            testId="login-password"
            autoComplete="current-password"
            placeholder={t("login.passwordPlaceholder")}
            maxLength={128}
            value={password}
            onValueChange={(value) => {
              setPassword(value);
              if (errors.password) setErrors({ ...errors, password: undefined });
            }}
            error={errors.password}
          />
          <SubmitButton pending={login.isPending} testId="login-submit">
            {t("login.submit")}
          </SubmitButton>
        </form>
        <p className="auth__switch">
          {t("login.noAccount")}
          <Link to={paths.registerCheck} data-testid="login-to-register">
            {t("login.toRegister")}
          </Link>
        </p>
      </main>
    </div>
  );
}
