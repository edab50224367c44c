import { Dialog, type DialogAlertProps, type DialogConfirmProps } from "antd-mobile";
import { type Named, named } from "./dialog-name";

/** Asks to go on or not: true when the user confirms. */
export function confirmDialog(props: Named<DialogConfirmProps>): Promise<boolean> {
  return Dialog.confirm(named(props));
}

/** Tells something that needs only an acknowledgement. */
export function alertDialog(props: Named<DialogAlertProps>): Promise<void> {
  return Dialog.alert(named(props));
}
