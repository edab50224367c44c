import {
  endOtherSessionsStepUp,
  endSessionStepUp,
  type MySession,
  type StepUpAction,
} from "@tickfair/contract";
import { Button, Toast } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { errorText } from "../../api/messages";
import { endOtherSessions, endSession, useMySessions, useRefreshSessions } from "../../api/sessions";
import { EmptyState } from "../../components/EmptyState/EmptyState";
import { IconPhone } from "../../components/icons";
import { PageNavBar } from "../../components/PageNavBar/PageNavBar";
import { awaitingData, QueryCard } from "../../components/QueryCard/QueryCard";
import { RefreshOnPull } from "../../components/RefreshOnPull/RefreshOnPull";
import { stepUpHeaders } from "../../components/StepUp/step-up-api";
import { useStepUp } from "../../components/StepUp/useStepUp";
import { confirmDialog } from "../../lib/dialogs";
import { paths } from "../../lib/paths";
import { formatDateTime, formatWhen } from "../../lib/time";
import "./sessions.css";

/**
 * The devices signed in to the account, so a thief's session is seen and ended: each with its
 * device, when it was last active and from where; any other can be signed out, or all others at once,
 * each after a confirmation and a fresh proof (step-up).
 */
export default function Sessions() {
  const { t, i18n } = useTranslation();
  const sessions = useMySessions();
  const refresh = useRefreshSessions();
  const stepUp = useStepUp();
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((session) => !session.current);
  const deviceName = (session: MySession) => session.device ?? t("sessions.unknownDevice");

  /** Confirmed, then proved: the request runs with the grant for its action, and the list is read again. */
  async function act(
    question: { content: string; confirmText: string },
    action: StepUpAction,
    send: (headers: Record<string, string>) => Promise<unknown>,
    done: string,
  ) {
    if (!(await confirmDialog({ ...question, cancelText: t("common.cancel") }))) return;
    try {
      const token = await stepUp.confirm(action);
      if (token === null) return;
      await send(stepUpHeaders(token));
      Toast.show({ icon: "success", content: done });
    } catch (error) {
      Toast.show({ icon: "fail", content: errorText(error) });
    }
    await refresh();
  }

  const end = (session: MySession) =>
    act(
      { content: t("sessions.endConfirm", { device: deviceName(session) }), confirmText: t("sessions.end") },
      endSessionStepUp(session.id),
      (headers) => endSession(session.id, headers),
      t("sessions.ended"),
    );
  const endOthers = () =>
    act(
      { content: t("sessions.endOthersConfirm"), confirmText: t("sessions.endOthers") },
      endOtherSessionsStepUp(),
      endOtherSessions,
      t("sessions.endedOthers"),
    );

  return (
    <div className="page">
      <PageNavBar title={t("sessions.title")} backTo={paths.settings} />
      <main className="page__body sessions">
        <RefreshOnPull onRefresh={() => sessions.refetch()}>
          <div className="sessions__stack">
            <p className="sessions__intro">{t("sessions.intro")}</p>
            {awaitingData(sessions) ? (
              <QueryCard query={sessions} lines={4} className="card sessions__card" />
            ) : (
              <>
                <ul className="card sessions__card sessions__list" data-testid="sessions-list">
                  {list.map((session) => (
                    <li key={session.id} className="sessions__row" data-testid="sessions-row">
                      <span className="icon-tile sessions__icon">
                        <IconPhone />
                      </span>
                      <div className="sessions__text">
                        <p className="sessions__device">
                          <span>{deviceName(session)}</span>
                          {session.current ? (
                            <span className="sessions__tag" data-testid="sessions-this-device">
                              {t("sessions.thisDevice")}
                            </span>
                          ) : null}
                        </p>
                        <p className="sessions__detail">
                          {t("sessions.lastActive", { when: formatWhen(session.lastSeenAt, i18n.language) })}
                        </p>
                        <p className="sessions__detail">
                          {t("sessions.signedIn", { when: formatDateTime(session.createdAt, i18n.language) })}
                        </p>
                        {session.lastAddress ? (
                          <p className="sessions__detail num">
                            {t("sessions.lastAddress", { address: session.lastAddress })}
                          </p>
                        ) : null}
                        {session.firstAddress && session.firstAddress !== session.lastAddress ? (
                          <p className="sessions__detail num">
                            {t("sessions.firstAddress", { address: session.firstAddress })}
                          </p>
                        ) : null}
                      </div>
                      {session.current ? null : (
                        <Button
                          size="mini"
                          color="danger"
                          fill="outline"
                          onClick={() => void end(session)}
                          data-testid="sessions-end"
                        >
                          {t("sessions.end")}
                        </Button>
                      )}
                    </li>
                  ))}
                </ul>
                {others.length === 0 ? (
                  <EmptyState
                    title={t("sessions.onlyThis")}
                    icon={<IconPhone />}
                    testId="sessions-only-this"
                  />
                ) : (
                  <Button
                    block
                    color="danger"
                    fill="outline"
                    onClick={() => void endOthers()}
                    data-testid="sessions-end-others"
                  >
                    {t("sessions.endOthers")}
                  </Button>
                )}
              </>
            )}
          </div>
        </RefreshOnPull>
      </main>
      {stepUp.sheet}
    </div>
  );
}
