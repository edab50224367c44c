import { List, Switch, Toast } from "antd-mobile";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../api/messages";
import { disablePush, enablePush, usePushState, useRefreshPushState } from "../../api/push";
import { IconBell } from "../../components/icons";
import { PageNavBar } from "../../components/PageNavBar/PageNavBar";
import { awaitingData, QueryCard } from "../../components/QueryCard/QueryCard";
import { currentLocale } from "../../i18n";
import { paths } from "../../lib/paths";
import "./notifications.css";

const KINDS = ["kindSettled", "kindDeposit", "kindWithdrawal", "kindChat", "kindBroadcast"] as const;

/**
 * Push notifications on this device, opt-in: what they tell of and what a lock screen shows, then
 * the switch, or why this browser cannot have them (no Push API, iOS outside the installed app,
 * blocked in the browser's settings) instead of a switch that could do nothing.
 */
export default function Notifications() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const state = usePushState(locale);
  const refresh = useRefreshPushState();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<"dismissed" | null>(null);

  async function toggle(on: boolean) {
    setBusy(true);
    setNotice(null);
    try {
      if (on) {
        const result = await enablePush(locale);
        if (result === "dismissed") setNotice("dismissed");
        if (result === "on") Toast.show({ icon: "success", content: t("notifications.turnedOn") });
      } else {
        await disablePush();
        Toast.show({ content: t("notifications.turnedOff") });
      }
    } catch (error) {
      Toast.show({ icon: "fail", content: errorText(error) });
    } finally {
      setBusy(false);
      await refresh();
    }
  }

  const support = state.data?.support;
  const reason = support && support !== "ready" ? support : notice;
  return (
    <div className="page">
      <PageNavBar title={t("notifications.title")} backTo={paths.settings} />
      <main className="page__body notifications">
        <p className="notifications__intro">{t("notifications.intro")}</p>
        <section className="card notifications__card">
          <h2 className="notifications__heading">{t("notifications.kindsTitle")}</h2>
          <ul className="notifications__kinds">
            {KINDS.map((kind) => (
              <li key={kind}>{t(`notifications.${kind}`)}</li>
            ))}
          </ul>
          <p className="notifications__privacy">{t("notifications.privacy")}</p>
        </section>
        {awaitingData(state) ? (
          <QueryCard query={state} lines={1} className="card notifications__card" />
        ) : (
          <>
            {support === "ready" ? (
              <List className="notifications__switch">
                <List.Item
                  prefix={<IconBell className="notifications__icon" />}
                  extra={
                    <Switch
                      checked={state.data?.subscription != null}
                      loading={busy}
                      onChange={(on) => void toggle(on)}
                      aria-label={t("notifications.switch")}
                      data-testid="notifications-switch"
                    />
                  }
                >
                  {t("notifications.switch")}
                </List.Item>
              </List>
            ) : null}
            {reason ? (
              <p
                className="card notifications__reason"
                role="status"
                data-testid="notifications-reason"
                data-reason={reason}
              >
                {t(`notifications.${reason}`)}
              </p>
            ) : null}
          </>
        )}
      </main>
    </div>
  );
}
