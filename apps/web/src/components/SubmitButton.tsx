import { Button } from "antd-mobile";
import type { ReactNode } from "react";

/** The primary, full-width button that submits a form; busy and disabled while its request runs. */
export function SubmitButton({
  pending,
  disabled = false,
  testId,
  children,
}: {
  pending: boolean;
  disabled?: boolean;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Button
      type="submit"
      color="primary"
      size="large"
      block
      className="tf-submit"
      loading={pending}
      disabled={pending || disabled}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}
