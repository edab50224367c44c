import type { ChatMessage, UserConversation } from "@tickfair/contract";
import { Button, DotLoading } from "antd-mobile";
import { Fragment, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { OutboxEntry } from "../../api/chat-outbox";
import { compareSeq } from "../../api/chat-thread";
import { errorText } from "../../api/messages";
import { PageNavBar } from "../../components/PageNavBar/PageNavBar";
import { formatTimeOfDay } from "../../lib/time";
import { ChatComposer } from "./ChatComposer";
import { ChatRating } from "./ChatRating";
import { formatChatDay, localDay } from "./chat-time";
import { useChat } from "./use-chat";
import { useVisualViewportHeight } from "./use-visual-viewport";
import "./chat.css";

/** Within this many pixels of the top, the next older page is asked for. */
const LOAD_OLDER_WITHIN = 48;
/** Within this many pixels of the bottom, a new message scrolls into view. */
const FOLLOW_WITHIN = 120;

/** A bubble: a message the server holds, or one of the user's on its way (the outbox). */
type Bubble =
  | { kind: "message"; message: ChatMessage; at: string }
  | { kind: "outbox"; entry: OutboxEntry; at: string };

/** Online customer service: the user's one conversation with support, live. */
export default function Chat() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState("");
  const chat = useChat(setDraft);
  const height = useVisualViewportHeight();
  const threadRef = useRef<HTMLElement>(null);
  /** The thread's height before an older page went in above: the view stays where it was. */
  const heightBeforeOlder = useRef<number | null>(null);
  const nearBottom = useRef(true);

  const bubbles: Bubble[] = [
    ...(chat.thread?.messages ?? []).map((message): Bubble => ({ kind: "message", message, at: message.at })),
    ...chat.outbox.map((entry): Bubble => ({ kind: "outbox", entry, at: entry.at })),
  ];
  // After every render: an older page that went in above keeps the view where it was; a view at
  // the bottom stays there as messages, "typing…" or the keyboard come.
  useLayoutEffect(() => {
    const element = threadRef.current;
    if (!element) return;
    if (heightBeforeOlder.current !== null && !chat.loadingOlder) {
      element.scrollTop += element.scrollHeight - heightBeforeOlder.current;
      heightBeforeOlder.current = null;
    } else if (nearBottom.current) {
      element.scrollTop = element.scrollHeight;
    }
  });

  function onScroll() {
    const element = threadRef.current;
    if (!element) return;
    nearBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < FOLLOW_WITHIN;
    if (element.scrollTop < LOAD_OLDER_WITHIN && chat.thread?.hasMore && !chat.loadingOlder) {
      heightBeforeOlder.current = element.scrollHeight;
      void chat.loadOlder();
    }
  }

  function send(body: string) {
    // Their own message is always shown, wherever they had scrolled.
    nearBottom.current = true;
    chat.send(body);
  }

  return (
    <div className="chat" style={height ? { height } : undefined}>
      <PageNavBar title={t("home.service")} />
      {chat.summary.data ? (
        <ServiceHours conversation={chat.summary.data} online={chat.supportOnline} />
      ) : null}
      <main className="chat-thread" ref={threadRef} onScroll={onScroll} data-testid="chat-thread">
        {chat.loadingOlder ? (
          <div className="chat-thread__older">
            <DotLoading />
          </div>
        ) : null}
        {chat.loadError ? (
          <div className="chat-thread__error" role="alert">
            <p>{errorText(chat.loadError)}</p>
            <Button size="small" onClick={chat.reload}>
              {t("common.retry")}
            </Button>
          </div>
        ) : chat.thread === null ? (
          <div className="chat-thread__older">
            <DotLoading />
          </div>
        ) : bubbles.length === 0 ? (
          <p className="chat-thread__empty" data-testid="chat-empty">
            {t("chat.empty")}
          </p>
        ) : null}
        <ol className="chat-messages">
          {bubbles.map((bubble, index) => (
            <Fragment key={bubble.kind === "message" ? bubble.message.seq : bubble.entry.clientKey}>
              {index === 0 || localDay(bubbles[index - 1]?.at ?? "") !== localDay(bubble.at) ? (
                <DaySeparator at={bubble.at} />
              ) : null}
              {bubble.kind === "message" ? (
                <MessageBubble message={bubble.message} supportReadSeq={chat.supportReadSeq} />
              ) : (
                <OutboxBubble entry={bubble.entry} onRetry={() => chat.retry(bubble.entry.clientKey)} />
              )}
            </Fragment>
          ))}
        </ol>
        {chat.supportTyping ? (
          <p className="chat-typing" data-testid="chat-typing">
            {t("chat.typing")}
          </p>
        ) : null}
        {chat.summary.data?.state === "resolved" ? <ChatRating canRate={chat.summary.data.canRate} /> : null}
      </main>
      <ChatComposer
        draft={draft}
        onDraftChange={(next) => {
          setDraft(next);
          if (next !== "") chat.typing();
        }}
        onSend={send}
        onPhoto={(file) => void chat.sendPhoto(file)}
      />
    </div>
  );
}

/**
 * Whether someone of support is there now (an operator at the desk, or one who just answered), then
 * the hours. Nobody there says so plainly: within the hours a message is answered soon, outside them
 * when support is back.
 */
function ServiceHours({ conversation, online }: { conversation: UserConversation; online: boolean }) {
  const { t } = useTranslation();
  const { from, to, timeZone, openNow } = conversation.serviceHours;
  return (
    <p
      className={`chat-hours ${online || openNow ? "" : "chat-hours--closed"}`}
      data-testid="chat-hours"
      data-online={online}
    >
      {online ? (
        <span className="chat-hours__status chat-hours__status--online" data-testid="chat-online">
          {t("chat.online")}
        </span>
      ) : (
        <span className="chat-hours__status" data-testid="chat-offline">
          {openNow ? t("chat.nobodyOnline") : t("chat.closed")}
        </span>
      )}
      {t("chat.hours", { from, to, timeZone })}
    </p>
  );
}

function DaySeparator({ at }: { at: string }) {
  const { t, i18n } = useTranslation();
  return (
    <li className="chat-day" data-testid="chat-day">
      {formatChatDay(at, i18n.language, { today: t("chat.today"), yesterday: t("chat.yesterday") })}
    </li>
  );
}

function MessageBubble({ message, supportReadSeq }: { message: ChatMessage; supportReadSeq: string }) {
  const { t, i18n } = useTranslation();
  const own = message.author === "user";
  const read = own && compareSeq(message.seq, supportReadSeq) <= 0;
  return (
    <li
      className={`chat-bubble ${own ? "chat-bubble--own" : "chat-bubble--support"}`}
      data-testid="chat-message"
      data-author={message.author}
      data-state={own ? (read ? "read" : "sent") : undefined}
    >
      {message.photo ? (
        <a href={message.photo.url} target="_blank" rel="noreferrer">
          <img className="chat-bubble__photo" src={message.photo.thumbnailUrl} alt={t("chat.photo")} />
        </a>
      ) : null}
      {message.body ? <p className="chat-bubble__body">{message.body}</p> : null}
      <span className="chat-bubble__meta">
        <time dateTime={message.at}>{formatTimeOfDay(message.at, i18n.language)}</time>
        {own ? (
          <span className={read ? "chat-bubble__read" : undefined} data-testid="chat-tick">
            {read ? t("chat.read") : t("chat.sent")}
          </span>
        ) : null}
      </span>
    </li>
  );
}

function OutboxBubble({ entry, onRetry }: { entry: OutboxEntry; onRetry(): void }) {
  const { t, i18n } = useTranslation();
  return (
    <li
      className="chat-bubble chat-bubble--own chat-bubble--pending"
      data-testid="chat-message"
      data-author="user"
      data-state={entry.state}
    >
      <p className="chat-bubble__body">
        {entry.photoId && !entry.body ? `[${t("chat.photo")}]` : entry.body}
      </p>
      <span className="chat-bubble__meta">
        <time dateTime={entry.at}>{formatTimeOfDay(entry.at, i18n.language)}</time>
        {entry.state === "failed" ? (
          <button type="button" className="chat-bubble__retry" onClick={onRetry} data-testid="chat-retry">
            {t("chat.failed")}
          </button>
        ) : (
          <span data-testid="chat-tick">{t("chat.sending")}</span>
        )}
      </span>
    </li>
  );
}
