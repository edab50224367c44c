import { LOCALE_NAMES } from "@tickfair/contract";
import { List, Toast } from "antd-mobile";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { logout } from "../../api/auth";
import { queryClient } from "../../api/query-client";
import {
  IconBadgeCheck,
  IconBell,
  IconGlobe,
  IconKey,
  IconLock,
  IconPhone,
  IconShield,
  IconTrash,
} from "../../components/icons";
import { LanguageSheetLoader } from "../../components/LanguageSheetLoader";
import { PageNavBar } from "../../components/PageNavBar/PageNavBar";
import { currentLocale } from "../../i18n";
import { LANGUAGE_STORAGE_KEY } from "../../i18n/language";
import { confirmDialog } from "../../lib/dialogs";
import { paths } from "../../lib/paths";
import { useNavigate } from "../../router";
import { resetSessionStore, useSession } from "../../store/session";
import "./settings.css";

/** Forgets everything this browser keeps for the app except the chosen language. */
function clearLocalData(): void {
  resetSessionStore();
  queryClient.clear();
  try {
    for (const key of Object.keys(localStorage)) {
      if (key !== LANGUAGE_STORAGE_KEY) localStorage.removeItem(key);
    }
    sessionStorage.clear();
  } catch {
    // storage unavailable: nothing kept there either
  }
}

export default function Settings() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const version = useSession((s) => s.appInfo?.version) ?? "1.0.0";
  const [languageOpen, setLanguageOpen] = useState(false);
  const [clearing, setClearing] = useState(false);

  async function clearCache() {
    const confirmed = await confirmDialog({ content: t("settings.clearCacheConfirm") });
    if (!confirmed) return;
    setClearing(true);
    const toast = Toast.show({ icon: "loading", duration: 0, content: t("common.loading") });
    try {
      await logout(); // ends the session on the server; failures are ignored
    } finally {
      clearLocalData();
      toast.close();
      setClearing(false);
    }
    Toast.show({ icon: "success", content: t("common.operationSuccess") });
    navigate(paths.login, { replace: true });
  }

  return (
    <div className="page">
      <PageNavBar title={t("settings.title")} backTo={paths.user} />
      <main className="page__body settings">
        <List header={t("settings.general")} className="settings__group">
          <List.Item
            prefix={<IconGlobe className="settings__icon" />}
            extra={<span data-testid="set-language-value">{LOCALE_NAMES[currentLocale()]}</span>}
            onClick={() => setLanguageOpen(true)}
            data-testid="set-language"
          >
            {t("settings.language")}
          </List.Item>
          <List.Item
            prefix={<IconTrash className="settings__icon" />}
            onClick={clearing ? undefined : clearCache}
            disabled={clearing}
            data-testid="set-clear-cache"
          >
            {t("settings.clearCache")}
          </List.Item>
          <List.Item
            prefix={<IconBell className="settings__icon" />}
            onClick={() => navigate(paths.notifications)}
            data-testid="set-notifications"
          >
            {t("settings.notifications")}
          </List.Item>
        </List>
        <List header={t("settings.security")} className="settings__group">
          <List.Item
            prefix={<IconLock className="settings__icon" />}
            extra={t("settings.modify")}
            onClick={() => navigate(`${paths.password}?type=login`)}
            data-testid="set-login-password"
          >
            {t("settings.loginPassword")}
          </List.Item>
          <List.Item
            prefix={<IconKey className="settings__icon" />}
            extra={t("settings.modify")}
            onClick={() => navigate(`${paths.password}?type=pay`)}
            data-testid="set-pay-password"
          >
            {t("settings.payPassword")}
          </List.Item>
          <List.Item
            prefix={<IconKey className="settings__icon" />}
            onClick={() => navigate(paths.passkeys)}
            data-testid="set-passkeys"
          >
            {t("settings.passkeys")}
          </List.Item>
          <List.Item
            prefix={<IconShield className="settings__icon" />}
            onClick={() => navigate(paths.twoFactor)}
            data-testid="set-two-factor"
          >
            {t("settings.twoFactor")}
          </List.Item>
          <List.Item
            prefix={<IconPhone className="settings__icon" />}
            onClick={() => navigate(paths.sessions)}
            data-testid="set-sessions"
          >
            {t("settings.devices")}
          </List.Item>
        </List>
        <List header={t("settings.responsible")} className="settings__group">
          <List.Item
            prefix={<IconShield className="settings__icon" />}
            onClick={() => navigate(paths.limits)}
            data-testid="set-limits"
          >
            {t("settings.limits")}
          </List.Item>
          <List.Item
            prefix={<IconBadgeCheck className="settings__icon" />}
            onClick={() => navigate(paths.fairness)}
            data-testid="set-fairness"
          >
            {t("settings.fairness")}
          </List.Item>
          <List.Item
            prefix={<IconShield className="settings__icon" />}
            onClick={() => navigate(paths.solvency)}
            data-testid="set-solvency"
          >
            {t("settings.solvency")}
          </List.Item>
        </List>
        <List className="settings__group">
          <List.Item
            prefix={<IconPhone className="settings__icon" />}
            extra={
              <span className="num" data-testid="set-version">
                {version}
              </span>
            }
          >
            {t("settings.version")}
          </List.Item>
        </List>
      </main>
      <LanguageSheetLoader visible={languageOpen} onClose={() => setLanguageOpen(false)} />
    </div>
  );
}
