import { type InputHTMLAttributes, type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { IconEye, IconEyeOff } from "../icons";
import "./text-field.css";

type NativeProps = Omit<InputHTMLAttributes<HTMLInputElement>, "onChange" | "value" | "prefix" | "type">;

export interface TextFieldProps extends NativeProps {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** data-testid of the native <input> (so e2e can fill it); its error gets `${testId}-error`. */
  testId: string;
  type?: "text" | "password" | "tel";
  error?: string | undefined;
  hint?: string | undefined;
  prefix?: ReactNode;
  suffix?: ReactNode;
}

/** A labelled native input with an error or hint line; password fields get a show/hide toggle. */
export function TextField({
  label,
  value,
  onValueChange,
  testId,
  type = "text",
  error,
  hint,
  prefix,
  suffix,
  id,
  ...rest
}: TextFieldProps) {
  const { t } = useTranslation();
  const autoId = useId();
  const inputId = id ?? `f${autoId}`;
  const messageId = `${inputId}-msg`;
  const [shown, setShown] = useState(false);
  const isPassword = type === "password";
  const message = error ?? hint;
  return (
    <div className={`tf-field${error ? " tf-field--error" : ""}`}>
      <label className="tf-field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="tf-field__box">
        {prefix}
        <input
          {...rest}
          id={inputId}
          className="tf-field__input"
          data-testid={testId}
          type={isPassword && !shown ? "password" : type === "tel" ? "tel" : "text"}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={message ? messageId : undefined}
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
        />
        {isPassword ? (
          <button
            type="button"
            className="tf-field__toggle"
            aria-label={shown ? t("common.hidePassword") : t("common.showPassword")}
            aria-pressed={shown}
            aria-controls={inputId}
            data-testid={`${testId}-toggle`}
            onClick={() => setShown((s) => !s)}
          >
            {shown ? <IconEye /> : <IconEyeOff />}
          </button>
        ) : null}
        {suffix}
      </div>
      {message ? (
        <div
          id={messageId}
          className={error ? "tf-field__error" : "tf-field__hint"}
          role={error ? "alert" : undefined}
          data-testid={error ? `${testId}-error` : undefined}
        >
          {message}
        </div>
      ) : null}
    </div>
  );
}
