import { Button } from "antd-mobile";
import type { ReactNode } from "react";
import "./submit-button.css";

/**
 * The primary, full-width button that submits a form, busy and disabled while its request runs; with
 * `onClick`, a page's main action instead.
 */
export function SubmitButton({
  pending,
  disabled = false,
  testId,
  onClick,
  children,
}: {
  pending: boolean;
  disabled?: boolean;
  testId: string;
  onClick?: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      type={onClick ? "button" : "submit"}
      color="primary"
      size="large"
      block
      className="tf-submit"
      loading={pending}
      disabled={pending || disabled}
      data-testid={testId}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}
