import { TextField } from "./TextField";

/** The authenticator's six digits: a numeric field the phone may fill from a one-time code. */
export function CodeField({
  label,
  placeholder,
  value,
  onValueChange,
  error,
  testId,
}: {
  label: string;
  placeholder: string;
  value: string;
  onValueChange: (digits: string) => void;
  error: string | undefined;
  testId: string;
}) {
  return (
    <TextField
      label={label}
      placeholder={placeholder}
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
