import { Alert, Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { reasonRules } from "../../lib/reason-rules";
import { ReasonModal } from "./ReasonModal";

interface Props {
  open: boolean;
  title: string;
  /** What is rejected, e.g. the order number and amount. */
  subject: string;
  pending: boolean;
  error: unknown;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
  /** The button's words (default: Reject) and whether it reads as dangerous (default: yes). */
  okText?: string;
  danger?: boolean;
  /** What the action does, shown above the reason (e.g. that sessions end). */
  notice?: string;
}

/**
 * The reason a rejection (or another audited action) needs: the user and the audit log read it. The server checks it (the
 * contract's operatorReason); the form asks for what that needs so most mistakes never leave here.
 */
export function RejectReasonModal(props: Props) {
  const { open, title, subject, pending, error, onSubmit, onCancel, okText, danger = true, notice } = props;
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <ReasonModal
      form={form}
      open={open}
      title={title}
      subject={subject}
      okText={okText ?? t("review.reject")}
      danger={danger}
      pending={pending}
      error={error}
      onCancel={onCancel}
    >
      {notice ? <Alert type="warning" showIcon message={notice} className="stack-gap" /> : null}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={({ reason }) => onSubmit(reason.trim())}
      >
        <Form.Item name="reason" label={t("review.reason")} rules={reasonRules(t)}>
          <Input.TextArea rows={3} maxLength={300} showCount autoFocus data-testid="reject-reason" />
        </Form.Item>
      </Form>
    </ReasonModal>
  );
}
