import { Alert, Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { useDescribeError } from "../../api/use-describe-error";
import { reasonRules } from "../../lib/reason-rules";

/**
 * The reason the audit log keeps for a change, inside its form; under it, why the server refused the
 * change, if it did. Test ids: `<testIdPrefix>-reason` and `<testIdPrefix>-error`.
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
  const describe = useDescribeError();
  return (
    <>
      <Form.Item name="reason" label={t("review.reason")} rules={reasonRules(t)}>
        <Input.TextArea rows={rows} maxLength={300} showCount data-testid={`${testIdPrefix}-reason`} />
      </Form.Item>
      {error ? (
        <Alert
          type="error"
          showIcon
          message={describe(error)}
          className="stack-gap"
          data-testid={`${testIdPrefix}-error`}
        />
      ) : null}
    </>
  );
}
