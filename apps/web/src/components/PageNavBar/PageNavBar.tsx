import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "../../lib/document-title";
import { paths } from "../../lib/paths";
import { Link, useGoBack } from "../../router";
import { IconChevronLeft } from "../icons";
import "./page-navbar.css";

interface PageNavBarProps {
  title?: ReactNode;
  /** Where "back" goes when there is no history entry to return to; false hides the back arrow. */
  backTo?: string | false;
  right?: ReactNode;
  variant?: "default" | "plain";
}

/**
 * The bar at the top of a page: back, the page's heading (also the document's title), an action.
 * Written here rather than with antd's NavBar, whose back area is a nameless role="button" even
 * where there is no back.
 */
export function PageNavBar({ title, backTo = paths.home, right, variant = "default" }: PageNavBarProps) {
  const { t } = useTranslation();
  const goBack = useGoBack(backTo === false ? paths.home : backTo);
  useDocumentTitle(typeof title === "string" ? title : undefined);
  return (
    <header className={`page-navbar page-navbar--${variant}`}>
      <div className="page-navbar__bar">
        <div className="page-navbar__side">
          {backTo === false ? null : (
            <button
              type="button"
              className="page-navbar__back"
              aria-label={t("common.back")}
              data-testid="navbar-back"
              onClick={goBack}
            >
              <IconChevronLeft />
            </button>
          )}
        </div>
        {title ? <h1 className="page-navbar__title">{title}</h1> : null}
        <div className="page-navbar__side page-navbar__side--right">{right}</div>
      </div>
    </header>
  );
}

/** The link on the right of a money page's bar, to the records of what the page does. */
export interface RecordsLink {
  to: string;
  label: string;
  testId?: string;
}

/**
 * A page where money moves (a deposit, a withdrawal, a move in or out of Yu'ebao): its bar goes back
 * to `backTo` (the personal centre unless said) and links on the right to the page's records.
 */
export function MoneyPage({
  title,
  backTo = paths.user,
  records,
  children,
}: {
  title: string;
  backTo?: string;
  records: RecordsLink;
  children: ReactNode;
}) {
  return (
    <div className="page">
      <PageNavBar
        title={title}
        backTo={backTo}
        right={
          <Link to={records.to} className="navbar-link" data-testid={records.testId}>
            {records.label}
          </Link>
        }
      />
      {children}
    </div>
  );
}
