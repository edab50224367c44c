import type { ReactNode } from "react";
import "./lock-banner.css";

/** A notice that an action is unavailable for now (withdrawals locked, a product paused). */
export function LockBanner({
  icon,
  testId,
  children,
}: {
  icon?: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div className="lock-banner" role="alert" data-testid={testId}>
      {icon}
      <span>{children}</span>
    </div>
  );
}
