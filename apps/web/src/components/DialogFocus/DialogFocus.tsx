import { type ReactNode, useEffect, useRef } from "react";
import "./dialog-focus.css";

const FOCUSABLE = "a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex='0']";

/**
 * A sheet's content as a modal dialog for the keyboard: focus moves into it as it opens and stays in it
 * (Tab goes round), Escape closes it, and focus goes back to what opened it as it closes. antd-mobile's
 * Popup does none of that.
 */
export function DialogFocus({
  labelledBy,
  onEscape,
  testId,
  children,
}: {
  labelledBy: string;
  onEscape: () => void;
  testId: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const close = useRef(onEscape);
  close.current = onEscape;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        close.current();
        return;
      }
      if (event.key !== "Tab") return;
      const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = items[0];
      const last = items.at(-1);
      if (!first || !last) return event.preventDefault();
      const at = document.activeElement;
      if (event.shiftKey && (at === first || at === dialog || !dialog.contains(at))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (at === last || !dialog.contains(at))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      opener?.focus();
    };
  }, []);
  return (
    <div
      ref={ref}
      className="dialog-focus"
      role="dialog"
      aria-modal="true"
      aria-labelledby={labelledBy}
      tabIndex={-1}
      data-testid={testId}
    >
      {children}
    </div>
  );
}
