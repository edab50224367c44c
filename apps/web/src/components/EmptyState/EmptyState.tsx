import type { ReactNode } from "react";
import { IconInbox } from "../icons";
import "./empty-state.css";

interface EmptyStateProps {
  title: string;
  text?: ReactNode;
  action?: ReactNode;
  testId?: string;
  icon?: ReactNode;
}

/** A list with nothing in it (the specification's "no … records" texts), with an optional way on. */
export function EmptyState({ title, text, action, testId, icon }: EmptyStateProps) {
  return (
    <div className="empty-state" data-testid={testId}>
      <span className="icon-tile empty-state__icon">{icon ?? <IconInbox />}</span>
      <p className="empty-state__title">{title}</p>
      {text ? <p className="empty-state__text">{text}</p> : null}
      {action ? <div className="empty-state__action">{action}</div> : null}
    </div>
  );
}
