import type { ReactNode } from "react";

/** A card of the cashier pages' column with its heading, which also names the card for a screen reader. */
export function TitledCard({
  id,
  title,
  className,
  children,
}: {
  /** The heading's id: unique on the page. */
  id: string;
  title: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      className={className ? `card cashier-card ${className}` : "card cashier-card"}
      aria-labelledby={id}
    >
      <h2 id={id} className="cashier-card__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
