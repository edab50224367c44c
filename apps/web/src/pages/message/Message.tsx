import type { InboxMessage } from "@tickfair/contract";
import { Toast } from "antd-mobile";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useInboxPages, useMarkAllRead, useMarkRead } from "../../api/inbox";
import { errorText } from "../../api/messages";
import { useUnreadCount } from "../../api/unread-count";
import { EmptyState } from "../../components/EmptyState/EmptyState";
import { IconChevronRight } from "../../components/icons";
import { PagedList } from "../../components/PagedList/PagedList";
import { PageNavBar } from "../../components/PageNavBar/PageNavBar";
import { confirmDialog } from "../../lib/dialogs";
import { formatDateTime, formatWhen } from "../../lib/time";
import { Link } from "../../router";
import { messageLink, messageText } from "./message-text";
// The record cards and their rows as the fund records'.
import "../../components/RecordList/record-list.css";
import "./message.css";

/** System messages: broadcasts and the user's own notices, newest first; opening one marks it read. */
export default function Message() {
  const { t } = useTranslation();
  const query = useInboxPages();
  const unread = useUnreadCount().data?.unread ?? 0;
  const markAllRead = useMarkAllRead();
  const [openId, setOpenId] = useState<string | null>(null);
  const markRead = useMarkRead();

  async function confirmMarkAllRead() {
    const confirmed = await confirmDialog({ content: t("messages.markAllReadConfirm") });
    if (!confirmed) return;
    markAllRead.mutate(undefined, { onError: (error) => Toast.show({ content: errorText(error) }) });
  }

  function toggle(message: InboxMessage) {
    setOpenId((open) => (open === message.id ? null : message.id));
    if (!message.read) markRead.mutate(message);
  }

  return (
    <div className="page fund-records">
      <PageNavBar
        title={t("home.messages")}
        right={
          <button
            type="button"
            className="navbar-link message-read-all"
            data-testid="messages-read-all"
            onClick={() => void confirmMarkAllRead()}
            disabled={unread === 0 || markAllRead.isPending}
            aria-busy={markAllRead.isPending}
          >
            {t("messages.markAllRead")}
          </button>
        }
      />
      <main className="page__body cashier fund-records__body">
        <PagedList
          query={query}
          testId="messages-list"
          empty={<EmptyState title={t("messages.noRecords")} testId="messages-empty" />}
          renderItem={(message) => (
            <MessageRow
              key={message.id}
              message={message}
              open={openId === message.id}
              onToggle={() => toggle(message)}
            />
          )}
        />
      </main>
    </div>
  );
}

function MessageRow({
  message,
  open,
  onToggle,
}: {
  message: InboxMessage;
  open: boolean;
  onToggle: () => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { title, body } = messageText(message.content, t, locale);
  const link = messageLink(message.content);
  const bodyId = `message-body-${message.id}`;
  return (
    <li className="card" data-testid="message" data-kind={message.content.kind} data-read={message.read}>
      <button
        type="button"
        className="fund-row message-row__head"
        aria-expanded={open}
        aria-controls={bodyId}
        data-testid="message-toggle"
        onClick={onToggle}
      >
        <span className="fund-row__line">
          <span className="fund-row__type message-row__title" data-testid="message-title">
            {message.read ? null : (
              <span className="message-row__dot" role="img" aria-label={t("messages.unread")} />
            )}
            {title}
          </span>
          <time className="fund-row__ref" dateTime={message.at} title={formatDateTime(message.at, locale)}>
            {formatWhen(message.at, locale)}
          </time>
        </span>
        <span
          id={bodyId}
          className={`fund-row__line--sub message-row__body ${open ? "message-row__body--open" : ""}`}
          data-testid="message-body"
        >
          {body}
        </span>
      </button>
      {open && link ? (
        <Link to={link.to} className="message-row__link" data-testid="message-link">
          {t(link.label)}
          <IconChevronRight />
        </Link>
      ) : null}
    </li>
  );
}
