import type { VerificationRejectReason, VerificationRejectRequest } from "@tickfair/contract";
import { Form, Input, Select } from "antd";
import { useTranslation } from "react-i18next";
import { ReasonModal } from "../../components/RejectReasonModal/ReasonModal";
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
  const [form] = Form.useForm<Fields>();
  return (
    <ReasonModal
      form={form}
      open={open}
      title={t("verifications.rejectTitle")}
      subject={subject}
      okText={t("review.reject")}
      danger
      pending={pending}
      error={error}
      errorTestId="verification-reject-error"
      onCancel={onCancel}
    >
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
    </ReasonModal>
  );
}
