import { NavBar } from "antd-mobile";
import type { ReactNode } from "react";
import { useGoBack } from "../../lib/navigation";
import { paths } from "../../lib/paths";
import "./page-navbar.css";

interface PageNavBarProps {
  title?: ReactNode;
  /** Where "back" goes when there is no history entry to return to; false hides the back arrow. */
  backTo?: string | false;
  right?: ReactNode;
  variant?: "default" | "plain";
}

export function PageNavBar({ title, backTo = paths.home, right, variant = "default" }: PageNavBarProps) {
  const goBack = useGoBack(backTo === false ? paths.home : backTo);
  return (
    <header className={`page-navbar page-navbar--${variant}`}>
      <NavBar back={backTo === false ? null : ""} onBack={goBack} right={right}>
        {title}
      </NavBar>
    </header>
  );
}
