import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "../../lib/document-title";
import { paths } from "../../lib/paths";
import { Link, usePathname } from "../../router";
import { IconHome, IconMarket, type IconProps, IconUser, IconWallet } from "../icons";
import "./tab-bar.css";

interface Tab {
  to: string;
  label: "tabs.home" | "tabs.product" | "tabs.records" | "tabs.user";
  Icon: ComponentType<IconProps>;
  testId: string;
}

// The specification's order: home, product, fund records, personal center.
const TABS: readonly Tab[] = [
  { to: paths.home, label: "tabs.home", Icon: IconHome, testId: "tab-home" },
  { to: paths.product, label: "tabs.product", Icon: IconMarket, testId: "tab-product" },
  { to: paths.recordsTab, label: "tabs.records", Icon: IconWallet, testId: "tab-records" },
  { to: paths.user, label: "tabs.user", Icon: IconUser, testId: "tab-user" },
];

export function TabBar() {
  const { t } = useTranslation();
  const pathname = usePathname();
  const active = TABS.find((tab) => pathname.endsWith(tab.to));
  useDocumentTitle(active ? t(active.label) : undefined);
  return (
    <nav className="tabbar" aria-label={t("common.appName")}>
      {TABS.map((tab) => (
        <Link
          key={tab.to}
          to={tab.to}
          className={tab === active ? "tabbar__item active" : "tabbar__item"}
          aria-current={tab === active ? "page" : undefined}
          data-testid={tab.testId}
        >
          <tab.Icon className="tabbar__icon" strokeWidth={2} />
          <span className="tabbar__label">{t(tab.label)}</span>
        </Link>
      ))}
    </nav>
  );
}
