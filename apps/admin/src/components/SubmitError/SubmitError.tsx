import { Alert, Form, type FormInstance } from "antd";
import { useState } from "react";
import { useDescribeError } from "../../api/use-describe-error";
import { type ErrorSnapshot, shownSubmitError } from "./submit-error";

/**
 * Why the server refused a form's submit (a mutation's `error`), under the form it came from, until
 * the user changes a field of `form`: then it no longer speaks of what is on screen.
 */
export function SubmitError({
  form,
  error,
  testId,
  className,
}: {
  form: FormInstance;
  error: unknown;
  testId?: string;
  className?: string;
}) {
  const describe = useDescribeError();
  const values = Form.useWatch((all: unknown) => JSON.stringify(all ?? null), { form, preserve: true }) ?? "";
  const [snapshot, setSnapshot] = useState<ErrorSnapshot | null>(null);
  // Taken while rendering the error's first frame, so the values it was refused for are those on screen.
  if (error && snapshot?.error !== error) setSnapshot({ error, values });
  const shown = shownSubmitError(error, snapshot, values);
  return shown ? (
    <Alert type="error" showIcon message={describe(shown)} className={className} data-testid={testId} />
  ) : null;
}
