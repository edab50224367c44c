import { type FormInstance, Modal, Typography } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { SubmitError } from "../SubmitError/SubmitError";

/**
 * The frame of a dialog that asks why before an audited action: what it acts on, the form (its
 * `form` submitted by the dialog's button, emptied when it closes) and the server's refusal, if any.
 */
export function ReasonModal({
  form,
  open,
  title,
  subject,
  okText,
  danger,
  pending,
  error,
  errorTestId,
  onCancel,
  children,
}: {
  form: FormInstance;
  open: boolean;
  title: string;
  subject: string;
  okText: string;
  danger: boolean;
  pending: boolean;
  error: unknown;
  errorTestId?: string;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      okButtonProps={{ danger, loading: pending }}
      cancelText={t("common.cancel")}
      cancelButtonProps={{ disabled: pending }}
      onOk={() => form.submit()}
      onCancel={onCancel}
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{subject}</Typography.Paragraph>
      {children}
      <SubmitError form={form} error={error} testId={errorTestId} />
    </Modal>
  );
}
