import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { reasonRules } from "../../lib/reason-rules";
import { SubmitError } from "../SubmitError/SubmitError";

/**
 * The reason the audit log keeps for a change, inside its form; under it, why the server refused the
 * change, if it did, until a field is changed. Test ids: `<testIdPrefix>-reason` and `<testIdPrefix>-error`.
 */
export function ReasonField({
  testIdPrefix,
  error = null,
  rows = 2,
}: {
  testIdPrefix: string;
  /** The submit's error (a mutation's `error`): null while there is none. */
  error?: unknown;
  rows?: number;
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  return (
    <>
      <Form.Item name="reason" label={t("review.reason")} rules={reasonRules(t)}>
        <Input.TextArea rows={rows} maxLength={300} showCount data-testid={`${testIdPrefix}-reason`} />
      </Form.Item>
      <SubmitError form={form} error={error} testId={`${testIdPrefix}-error`} className="stack-gap" />
    </>
  );
}
