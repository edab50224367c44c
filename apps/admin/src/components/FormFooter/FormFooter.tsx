import { Button, Flex } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** A drawer's cancel and submit: cancel is held while the submit is on its way. */
export function FormFooter({
  onCancel,
  onSubmit,
  pending,
  disabled = false,
  danger = false,
  testId,
  children,
}: {
  onCancel: () => void;
  onSubmit: () => void;
  pending: boolean;
  disabled?: boolean;
  danger?: boolean;
  /** The submit button's test id. */
  testId: string;
  /** The submit button's words. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Flex justify="flex-end" gap={8}>
      <Button onClick={onCancel} disabled={pending}>
        {t("common.cancel")}
      </Button>
      <Button
        type="primary"
        danger={danger}
        loading={pending}
        disabled={disabled}
        onClick={onSubmit}
        data-testid={testId}
      >
        {children}
      </Button>
    </Flex>
  );
}
