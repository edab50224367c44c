import { passkeysAllowedAt } from "@tickfair/contract";
import { Toast } from "antd-mobile";
import { type FormEvent, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { useAppInfo } from "../../api/app";
import { useLogin } from "../../api/auth";
import { ApiError } from "../../api/errors";
import { useFormFields } from "../../api/form-errors";
import { errorText } from "../../api/messages";
import { BrandMark } from "../../components/BrandMark";
import { PageNavBar } from "../../components/PageNavBar/PageNavBar";
import { SubmitButton } from "../../components/SubmitButton/SubmitButton";
import { TextField } from "../../components/TextField/TextField";
import { paths, safeRedirect } from "../../lib/paths";
import { Link, useNavigate, useSearchParams } from "../../router";
import { PasskeySignIn, usePasskeyAutofill } from "./PasskeySignIn";
import { SignInCodeStep } from "./SignInCodeStep";
import "./auth.css";

const unchanging = () => () => {};
const passkeysHere = () => passkeysAllowedAt(window.location);
/** The build's prerendered page knows no address: it leaves passkeys to the app's info, as over HTTPS. */
const passkeysMaybe = () => true;

export default function Login() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirectParam = params.get("redirect");
  const { values, setValues, bind, setErrors, report } = useFormFields({
    account: params.get("account") ?? "",
    password: "",
  });
  const login = useLogin();
  const offered = useAppInfo().data?.passkeys;
  // A plain-HTTP address (a phone on the LAN) rules passkeys out by itself: the note shows with the
  // form instead of seconds later, when the app's info arrives.
  const allowedHere = useSyncExternalStore(unchanging, passkeysHere, passkeysMaybe);
  const passkeys = allowedHere ? offered : false;
  /** The second step's challenge, once the password was right for a user with two-step sign-in. */
  const [challenge, setChallenge] = useState<string | null>(null);
  const signedIn = () => navigate(safeRedirect(redirectParam, paths.user), { replace: true });
  usePasskeyAutofill(passkeys === true && challenge === null, signedIn);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (login.isPending) return;
    const account = values.account.trim();
    const next = {
      account: account === "" ? t("login.accountRequired") : undefined,
      password: values.password === "" ? t("login.passwordRequired") : undefined,
    };
    // Each problem is shown under its field; a toast on top would repeat it.
    if (report(next)) return;
    try {
      const answer = await login.mutateAsync({ account, password: values.password });
      if (answer.step === "totp") setChallenge(answer.challenge);
      else signedIn();
    } catch (error) {
      const message = errorText(error);
      if (error instanceof ApiError && error.code === "INVALID_CREDENTIALS") {
        setErrors({ password: message });
        setValues((current) => ({ ...current, password: "" }));
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
          <h1 className="auth__title auth__title--below-mark">
            {challenge ? t("twoFactor.title") : t("login.heading")}
          </h1>
          <p className="auth__sub">{challenge ? t("twoFactor.signInIntro") : t("login.subheading")}</p>
        </div>
        {challenge ? (
          <SignInCodeStep
            challenge={challenge}
            onSignedIn={signedIn}
            onRestart={() => {
              setChallenge(null);
              setValues((current) => ({ ...current, password: "" }));
            }}
          />
        ) : (
          <form className="tf-form" onSubmit={submit} noValidate>
            <TextField
              {...bind("account")}
              label={t("login.account")}
              testId="login-account"
              autoComplete="username webauthn"
              placeholder={t("login.accountPlaceholder")}
              maxLength={64}
            />
            <TextField
              {...bind("password")}
              label={t("login.password")}
              type="password"
              testId="login-password"
              autoComplete="current-password"
              placeholder={t("login.passwordPlaceholder")}
              maxLength={128}
            />
            <SubmitButton pending={login.isPending} testId="login-submit">
              {t("login.submit")}
            </SubmitButton>
          </form>
        )}
        {challenge ? null : (
          <PasskeySignIn available={passkeys} ruledOutByAddress={!allowedHere} onSignedIn={signedIn} />
        )}
        {challenge ? null : (
          <p className="auth__switch">
            {t("login.noAccount")}
            <Link to={paths.registerCheck} data-testid="login-to-register">
              {t("login.toRegister")}
            </Link>
          </p>
        )}
      </main>
    </div>
  );
}
