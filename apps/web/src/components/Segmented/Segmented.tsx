import type { ButtonHTMLAttributes, ReactNode } from "react";
import "./segmented.css";

/** A row of tabs in one rounded track; one of them chosen. */
export function Segmented({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="segmented" role="tablist" aria-label={label}>
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
      className={`segmented__item${active ? " segmented__item--active" : ""}`}
    />
  );
}
