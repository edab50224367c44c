import type { ReactNode } from "react";
import "./status-page.css";

/** A whole screen that says where the visitor is instead of a page (not found, an error). */
export function StatusPage({
  mark,
  title,
  text,
  testId,
  children,
}: {
  /** The big sign above the title: an icon or a status code. */
  mark: ReactNode;
  title: string;
  text: string;
  testId: string;
  /** The ways on. */
  children: ReactNode;
}) {
  return (
    <main className="status-page" data-testid={testId}>
      {mark}
      <h1 className="status-page__title">{title}</h1>
      <p className="status-page__text">{text}</p>
      {children}
    </main>
  );
}
