import { formatMoney, type OperatorWithdrawal } from "@tickfair/contract";
import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { ReasonModal } from "../../components/RejectReasonModal/ReasonModal";

/**
 * Records that an approved withdrawal's money was sent: the payment's reference at the bank or on the
 * chain, which the user sees in their timeline. The server checks it too (1 to 100 characters).
 */
export function MarkPaidModal({
  withdrawal,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  withdrawal: OperatorWithdrawal | null;
  pending: boolean;
  error: unknown;
  onSubmit: (reference: string) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<{ reference: string }>();
  const subject = withdrawal
    ? t("withdrawals.markPaidText", {
        orderNo: withdrawal.orderNo,
        net: formatMoney(withdrawal.netAmount, i18n.language),
        destination: withdrawal.destination,
      })
    : "";
  return (
    <ReasonModal
      form={form}
      open={withdrawal !== null}
      title={t("withdrawals.markPaidTitle")}
      subject={subject}
      okText={t("withdrawals.markPaid")}
      danger={false}
      pending={pending}
      error={error}
      errorTestId="mark-paid-error"
      onCancel={onCancel}
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={({ reference }) => onSubmit(reference.trim())}
      >
        <Form.Item
          name="reference"
          label={t("withdrawals.reference")}
          rules={[{ required: true, whitespace: true, max: 100, message: t("withdrawals.referenceRule") }]}
        >
          <Input
            maxLength={100}
            autoFocus
            placeholder={t("withdrawals.referencePlaceholder")}
            data-testid="payment-reference"
          />
        </Form.Item>
      </Form>
    </ReasonModal>
  );
}
