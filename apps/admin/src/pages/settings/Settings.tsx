import { Tabs } from "antd";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { PageHeader } from "../../components/PageHeader/PageHeader";
import { holds } from "../../lib/permissions";
import { useSession } from "../../store/session";
import { CashierSettingsPanel } from "./CashierSettingsPanel";
import { DepositMethods } from "./DepositMethods";

const TABS = ["methods", "cashier"] as const;
type Tab = (typeof TABS)[number];
const TAB_PERMISSION = { methods: "depositMethods.manage", cashier: "cashierSettings.manage" } as const;

/** The cashier's configuration: deposit methods, and the fees, minimum and threshold (maker-checker). */
export default function Settings() {
  const { t } = useTranslation();
  const operator = useSession((state) => state.operator);
  const [params, setParams] = useSearchParams();
  const tabs = TABS.filter((tab) => holds(operator, TAB_PERMISSION[tab]));
  const asked = params.get("tab");
  const active: Tab | undefined = tabs.find((tab) => tab === asked) ?? tabs[0];

  return (
    <>
      <PageHeader title={t("nav.settings")} />
      <Tabs
        activeKey={active}
        onChange={(tab) => setParams({ tab }, { replace: true })}
        destroyOnHidden
        items={tabs.map((tab) => ({
          key: tab,
          label: <span data-testid={`settings-tab-${tab}`}>{t(`settings.tabs.${tab}`)}</span>,
          children: tab === "methods" ? <DepositMethods /> : <CashierSettingsPanel />,
        }))}
      />
    </>
  );
}
