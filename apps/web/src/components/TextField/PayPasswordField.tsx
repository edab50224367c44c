import { TextField, type TextFieldProps } from "./TextField";

type PayPasswordFieldProps = Omit<
  TextFieldProps,
  "type" | "inputMode" | "pattern" | "maxLength" | "autoComplete" | "onValueChange"
> & { onValueChange: (digits: string) => void };

/** The six-digit transaction password: a hidden numeric field that keeps digits only, six at most. */
export function PayPasswordField({ onValueChange, ...rest }: PayPasswordFieldProps) {
  return (
    <TextField
      {...rest}
      type="password"
      inputMode="numeric"
      pattern="[0-9]*"
      maxLength={6}
      autoComplete="off"
      onValueChange={(value) => onValueChange(value.replace(/\D/g, "").slice(0, 6))}
    />
  );
}
