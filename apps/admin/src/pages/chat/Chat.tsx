import type { ChatView, ConversationState } from "@tickfair/contract";
import { Empty, theme } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { openDesk } from "../../api/chat-live";
import { PageHeader } from "../../components/PageHeader/PageHeader";
import { ContextPanel } from "./ContextPanel";
import { ConversationList } from "./ConversationList";
import { ConversationPane } from "./ConversationPane";
import "./chat.css";

const VIEWS: readonly ChatView[] = ["unassigned", "mine", "all"];

/**
 * The customer-service inbox: the conversations by queue on the left, the open one in the middle with
 * its composer, and who the user is on the right. The view, the state and the open conversation are
 * in the address, so a reload or a link shows the same.
 */
export default function Chat() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [params, setParams] = useSearchParams();
  const viewParam = params.get("view");
  const view: ChatView = VIEWS.find((candidate) => candidate === viewParam) ?? "unassigned";
  const state: ConversationState = params.get("state") === "resolved" ? "resolved" : "open";
  const selected = params.get("c");
  // The inbox open is support at the desk: users' chat pages say someone is online.
  useEffect(openDesk, []);

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes))
          if (value === null) next.delete(key);
          else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  // The theme's colours change at run time with light or dark.
  const border = { borderColor: token.colorSplit, background: token.colorBgContainer };
  return (
    <>
      <PageHeader title={t("nav.chats")} />
      <div className="chat" data-testid="chats">
        <section className="chat__list" style={border}>
          <ConversationList
            view={view}
            state={state}
            selected={selected}
            onView={(next) => update({ view: next })}
            onState={(next) => update({ state: next })}
            onSelect={(id) => update({ c: id })}
          />
        </section>
        {selected ? (
          <>
            <section className="chat__conversation" style={border}>
              {/* Keyed: another conversation starts with nothing of the previous one's state. */}
              <ConversationPane key={selected} id={selected} />
            </section>
            <aside className="chat__context" style={border}>
              <ContextPanel key={selected} id={selected} />
            </aside>
          </>
        ) : (
          <section className="chat__conversation chat__none" style={border} data-testid="chat-none">
            <Empty description={t("chats.noneSelected")} />
          </section>
        )}
      </div>
    </>
  );
}
