import { Toast } from "antd-mobile";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSecondFactor } from "../../api/auth";
import { ApiError } from "../../api/errors";
import { useFormFields } from "../../api/form-errors";
import { errorText } from "../../api/messages";
import { SubmitButton } from "../../components/SubmitButton/SubmitButton";
import { CodeField } from "../../components/TextField/CodeField";
import { TextField } from "../../components/TextField/TextField";

/**
 * The login's second step for a user with two-step sign-in: the authenticator's six digits, or one
 * recovery code. An expired challenge sends the user back to the password.
 */
export function SignInCodeStep({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: string;
  onSignedIn: () => void;
  onRestart: () => void;
}) {
  const { t } = useTranslation();
  const [recovery, setRecovery] = useState(false);
  const { values, set, bind, errors, report, setErrors } = useFormFields({ code: "", recoveryCode: "" });
  const secondFactor = useSecondFactor();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (secondFactor.isPending) return;
    const recoveryCode = values.recoveryCode.trim();
    const missing = recovery
      ? { recoveryCode: recoveryCode === "" ? t("twoFactor.recoveryRequired") : undefined }
      : { code: values.code.length === 6 ? undefined : t("twoFactor.codeRequired") };
    if (report(missing)) return;
    try {
      await secondFactor.mutateAsync(
        recovery ? { challenge, recoveryCode } : { challenge, code: values.code },
      );
      onSignedIn();
    } catch (error) {
      const message = errorText(error);
      if (error instanceof ApiError && error.code === "SECOND_FACTOR_INVALID") {
        set(recovery ? "recoveryCode" : "code", "");
        setErrors(recovery ? { recoveryCode: message } : { code: message });
        return;
      }
      Toast.show({ icon: "fail", content: message });
      if (error instanceof ApiError && error.code === "SIGN_IN_CHALLENGE_EXPIRED") onRestart();
    }
  }

  return (
    <form className="tf-form" onSubmit={submit} noValidate data-testid="login-code-step">
      {recovery ? (
        <TextField
          {...bind("recoveryCode")}
          label={t("twoFactor.recovery")}
          placeholder={t("twoFactor.recoveryPlaceholder")}
          testId="login-recovery-code"
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={32}
        />
      ) : (
        <CodeField
          value={values.code}
          onValueChange={(code) => set("code", code)}
          error={errors.code}
          testId="login-code"
        />
      )}
      <SubmitButton pending={secondFactor.isPending} testId="login-code-submit">
        {t("twoFactor.signIn")}
      </SubmitButton>
      <div className="auth__links">
        <button
          type="button"
          className="auth__link"
          onClick={() => {
            setRecovery(!recovery);
            setErrors({});
          }}
          data-testid="login-use-recovery"
        >
          {recovery ? t("twoFactor.useApp") : t("twoFactor.useRecovery")}
        </button>
        <button type="button" className="auth__link" onClick={onRestart} data-testid="login-code-restart">
          {t("twoFactor.restart")}
        </button>
      </div>
    </form>
  );
}
