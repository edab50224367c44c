import type { VerificationRejectReason, VerificationRejectRequest } from "@tickfair/contract";
import { Alert, Form, Input, Modal, Select, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useDescribeError } from "../../api/use-describe-error";
import { REJECT_REASONS } from "../../components/VerificationLabels/verification-labels";
import { reasonRules } from "../../lib/reason-rules";

interface Props {
  open: boolean;
  /** Whose submission is refused, e.g. the account, the name and the masked ID number. */
  subject: string;
  pending: boolean;
  error: unknown;
  onSubmit: (request: VerificationRejectRequest) => void;
  onCancel: () => void;
}

interface Fields {
  reason: VerificationRejectReason;
  text: string;
}

/**
 * A refusal the user can act on: the reason code (their page names it in their language) and a text
 * they read. The server checks both (the contract's verificationRejectRequest); the form asks for what
 * that needs, so most mistakes never leave here.
 */
export function RejectVerificationModal({ open, subject, pending, error, onSubmit, onCancel }: Props) {
  const { t } = useTranslation();
  const describe = useDescribeError();
  const [form] = Form.useForm<Fields>();
  return (
    <Modal
      open={open}
      title={t("verifications.rejectTitle")}
      okText={t("review.reject")}
      okButtonProps={{ danger: true, loading: pending }}
      cancelText={t("common.cancel")}
      cancelButtonProps={{ disabled: pending }}
      onOk={() => form.submit()}
      onCancel={onCancel}
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{subject}</Typography.Paragraph>
      <Form<Fields>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={({ reason, text }) => onSubmit({ reason, text: text.trim() })}
      >
        <Form.Item
          name="reason"
          label={t("verifications.reason")}
          rules={[{ required: true, message: t("verifications.reasonRequired") }]}
        >
          <Select<VerificationRejectReason>
            options={REJECT_REASONS.map((reason) => ({
              value: reason,
              label: t(`verifications.reasons.${reason}`),
            }))}
            data-testid="verification-reject-reason"
          />
        </Form.Item>
        <Form.Item
          name="text"
          label={t("verifications.text")}
          extra={t("verifications.textHelp")}
          rules={reasonRules(t)}
        >
          <Input.TextArea rows={3} maxLength={300} showCount data-testid="verification-reject-text" />
        </Form.Item>
      </Form>
      {error ? (
        <Alert type="error" showIcon message={describe(error)} data-testid="verification-reject-error" />
      ) : null}
    </Modal>
  );
}
