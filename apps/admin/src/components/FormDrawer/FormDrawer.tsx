import { Drawer } from "antd";
import type { ReactNode } from "react";
import { FormFooter } from "../FormFooter/FormFooter";

/**
 * A drawer that holds one form: its title, the form, and Cancel and the submit button at its foot.
 * The form is unmounted when the drawer closes, so it opens again with the values it is given.
 */
export function FormDrawer({
  open,
  title,
  width = 520,
  onClose,
  onSubmit,
  pending,
  submitTestId,
  submitLabel,
  testId,
  children,
}: {
  open: boolean;
  title: ReactNode;
  width?: number;
  onClose: () => void;
  /** Submits the drawer's form, usually `form.submit()`. */
  onSubmit: () => void;
  pending: boolean;
  submitTestId: string;
  submitLabel: ReactNode;
  /** The drawer's own test id, where a journey looks inside it. */
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Drawer
      open={open}
      title={title}
      width={width}
      onClose={onClose}
      destroyOnHidden
      data-testid={testId}
      footer={
        <FormFooter onCancel={onClose} onSubmit={onSubmit} pending={pending} testId={submitTestId}>
          {submitLabel}
        </FormFooter>
      }
    >
      {children}
    </Drawer>
  );
}
