import {
  AlertOutlined,
  AuditOutlined,
  BankOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  FileTextOutlined,
  IdcardOutlined,
  LineChartOutlined,
  MoneyCollectOutlined,
  NotificationOutlined,
  OrderedListOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
  WalletOutlined,
} from "@ant-design/icons";
import { Layout, Menu, Result, Space, theme } from "antd";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Outlet, useMatches } from "react-router";
import { useMe } from "../../api/auth";
import { useConsoleLive } from "../../api/use-console-live";
import { AREA_PATHS } from "../../lib/paths";
import { type AreaHandle, areasOf, type ConsoleArea } from "../../lib/permissions";
import { useSession } from "../../store/session";
import { LanguageSwitch } from "../LanguageSwitch/LanguageSwitch";
import { LiveIndicator } from "../LiveIndicator/LiveIndicator";
import { OperatorMenu } from "../OperatorMenu/OperatorMenu";
import { ThemeSwitch } from "../ThemeSwitch/ThemeSwitch";
import "../../styles/pages.css";
import "./console-layout.css";

const AREA_ICONS: Record<ConsoleArea, ReactNode> = {
  dashboard: <DashboardOutlined />,
  desk: <OrderedListOutlined />,
  risk: <AlertOutlined />,
  deposits: <BankOutlined />,
  withdrawals: <WalletOutlined />,
  verifications: <IdcardOutlined />,
  chats: <CustomerServiceOutlined />,
  users: <UserOutlined />,
  markets: <LineChartOutlined />,
  savings: <MoneyCollectOutlined />,
  solvency: <SafetyCertificateOutlined />,
  content: <FileTextOutlined />,
  broadcasts: <NotificationOutlined />,
  settings: <SettingOutlined />,
  operators: <TeamOutlined />,
  audit: <AuditOutlined />,
};

function useCurrentArea(): ConsoleArea | undefined {
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    const handle = match.handle as AreaHandle | undefined;
    if (handle?.area) return handle.area;
  }
  return undefined;
}

/** The signed-in frame: the menu of what this operator may open, the header, and the page. */
export default function ConsoleLayout() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [collapsed, setCollapsed] = useState(false);
  const operator = useSession((state) => state.operator);
  useMe();
  // One socket per signed-in console, for as long as this frame is shown.
  const live = useConsoleLive();
  const areas = operator ? areasOf(operator) : [];
  const current = useCurrentArea();
  const forbidden = current !== undefined && !areas.includes(current);

  return (
    <Layout className="console">
      <Layout.Sider
        theme="light"
        collapsible
        collapsed={collapsed}
        onCollapse={setCollapsed}
        width={220}
        className="console__sider"
        // The theme's colours change at run time with light or dark.
        style={{ borderInlineEnd: `1px solid ${token.colorSplit}` }}
      >
        <Link to="/" className="console__brand">
          <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" width={28} height={28} />
          {!collapsed && <span className="console__brand-name">{t("shell.brand")}</span>}
        </Link>
        <Menu
          mode="inline"
          selectedKeys={current ? [current] : []}
          className="console__menu"
          items={areas.map((area) => ({
            key: area,
            icon: AREA_ICONS[area],
            label: (
              <Link to={AREA_PATHS[area]} data-testid={`nav-${area}`}>
                {t(`nav.${area}`)}
              </Link>
            ),
          }))}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          className="console__header"
          // The theme's colours change at run time with light or dark.
          style={{ background: token.colorBgContainer, borderBottom: `1px solid ${token.colorSplit}` }}
        >
          <Space size="middle">
            <LiveIndicator status={live} />
            <LanguageSwitch />
            <ThemeSwitch />
            <OperatorMenu />
          </Space>
        </Layout.Header>
        <Layout.Content className="console__content">
          {forbidden ? (
            <Result status="403" title={t("shell.forbiddenTitle")} subTitle={t("shell.forbiddenText")} />
          ) : (
            <Outlet />
          )}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
