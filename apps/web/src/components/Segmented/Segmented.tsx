import type { ButtonHTMLAttributes, KeyboardEvent, ReactNode } from "react";
import "./segmented.css";

const STEP: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * Arrow keys move to the next or the previous tab and choose it, as a screen reader's user expects of
 * tabs; Tab itself goes on past the row (only the chosen tab is in the Tab order).
 */
function onArrow(event: KeyboardEvent<HTMLDivElement>) {
  const step = STEP[event.key];
  if (step === undefined) return;
  const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>("[role=tab]:not([disabled])")];
  const at = tabs.indexOf(document.activeElement as HTMLButtonElement);
  if (at === -1) return;
  event.preventDefault();
  const next = tabs[(at + step + tabs.length) % tabs.length];
  next?.focus();
  next?.click();
}

/** A row of tabs in one rounded track; one of them chosen. */
export function Segmented({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="segmented" role="tablist" aria-label={label} onKeyDown={onArrow}>
      {children}
    </div>
  );
}

type SegmentProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "className" | "role"> & {
  active: boolean;
};

/** One tab of a Segmented. */
export function Segment({ active, ...rest }: SegmentProps) {
  return (
    <button
      {...rest}
      type="button"
      role="tab"
      aria-selected={active}
      tabIndex={active ? 0 : -1}
      className={`segmented__item${active ? " segmented__item--active" : ""}`}
    />
  );
}
