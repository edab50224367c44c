import { Toast } from "antd-mobile";
import { useCallback, useState } from "react";
import { ApiError } from "./errors";
import { errorText, fieldErrorTexts } from "./messages";

/** The message under each field of a form that has one. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** Which of a failure's messages a form shows under which of its fields. */
export interface FailureFields<F extends string> {
  fields: readonly F[];
  /** The request's name of a field where it differs from the form's ("proof" is sent as proofFileId). */
  names?: Partial<Record<F, string>>;
  /** Error codes that concern one field: their message goes under it when `fields` said nothing there. */
  codes?: Readonly<Record<string, F>>;
}

/** A failed submission's messages per form field: the server's `fields`, else a code of one field. */
export function failureFieldErrors<F extends string>(
  error: unknown,
  { fields, names = {}, codes = {} }: FailureFields<F>,
): FieldErrors<F> {
  const byField = fieldErrorTexts(error);
  const codeField = error instanceof ApiError ? codes[error.code] : undefined;
  const inline: FieldErrors<F> = {};
  for (const field of fields) {
    const message = byField[names[field] ?? field] ?? (codeField === field ? errorText(error) : undefined);
    if (message !== undefined) inline[field] = message;
  }
  return inline;
}

/**
 * A form's field messages. Each problem is shown under its field; a toast on top would repeat it, so
 * `fail` shows a toast only for a failure that concerns none of the form's fields.
 */
export function useFieldErrors<F extends string>() {
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const clear = useCallback(
    (field: F) => setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current)),
    [],
  );
  /** Puts a failed submission's messages under their fields; `toast` says it otherwise (null: nowhere). */
  const fail = useCallback(
    (error: unknown, spec: FailureFields<F>, toast: string | null = errorText(error)): FieldErrors<F> => {
      const inline = failureFieldErrors(error, spec);
      setErrors(inline);
      if (Object.keys(inline).length === 0 && toast !== null) Toast.show({ icon: "fail", content: toast });
      return inline;
    },
    [],
  );
  /** Shows `next` under the fields; true when it holds a message, so that the form is not sent. */
  const report = useCallback((next: FieldErrors<F>): boolean => {
    setErrors(next);
    return hasFieldErrors(next);
  }, []);
  return { errors, setErrors, clear, fail, report };
}

/**
 * A form's text values with their field messages. `set` changes a value and clears its field's
 * message; `bind` gives a TextField its name, value, change handler and message.
 */
export function useFormFields<F extends string>(initial: Record<F, string>) {
  const [values, setValues] = useState(initial);
  const fieldErrors = useFieldErrors<F>();
  const { errors, clear } = fieldErrors;
  const set = useCallback(
    (field: F, value: string) => {
      setValues((current) => ({ ...current, [field]: value }));
      clear(field);
    },
    [clear],
  );
  const bind = (field: F) => ({
    name: field,
    value: values[field],
    onValueChange: (value: string) => set(field, value),
    error: errors[field],
  });
  return { values, setValues, set, bind, ...fieldErrors };
}

/** True when `errors` holds a message for some field. */
export function hasFieldErrors<F extends string>(errors: FieldErrors<F>): boolean {
  return Object.values(errors).some(Boolean);
}

/** Each of `codes` concerning `field`, for FailureFields.codes. */
export function codesOf<F extends string>(field: F, codes: readonly string[]): Record<string, F> {
  return Object.fromEntries(codes.map((code) => [code, field]));
}

/** The codes by which the server refuses an amount itself: its form or its bounds. */
export const AMOUNT_CODES = ["AMOUNT_INVALID", "AMOUNT_BELOW_MINIMUM", "AMOUNT_ABOVE_MAXIMUM"];

/**
 * Which failures a form whose one field is an amount shows under it: the server's word on `amount`,
 * AMOUNT_CODES, and the form's own `codes` of the amount (a balance too low, a fee not covered).
 */
export function amountFailure(codes: readonly string[] = []) {
  return { fields: ["amount"], codes: codesOf("amount", [...AMOUNT_CODES, ...codes]) } as const;
}
