import { useTranslation } from "react-i18next";
import { TextField } from "./TextField";

/**
 * The authenticator's six digits: a numeric field the phone may fill from a one-time code. Its label
 * and placeholder are the same wherever a code is asked for, so the field carries them.
 */
export function CodeField({
  value,
  onValueChange,
  error,
  testId,
}: {
  value: string;
  onValueChange: (digits: string) => void;
  error: string | undefined;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t("twoFactor.code")}
      placeholder={t("twoFactor.codePlaceholder")}
      value={value}
      error={error}
      testId={testId}
      inputMode="numeric"
      pattern="[0-9]*"
      maxLength={6}
      autoComplete="one-time-code"
      onValueChange={(typed) => onValueChange(typed.replace(/\D/g, "").slice(0, 6))}
    />
  );
}
