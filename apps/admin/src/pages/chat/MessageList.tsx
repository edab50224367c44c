import { CheckOutlined, LockOutlined } from "@ant-design/icons";
import { type ChatMessage, formatClock } from "@tickfair/contract";
import { Button, Divider, Empty, Flex, Image, Spin, Typography, theme } from "antd";
import { type UIEvent, useLayoutEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { compareSeq, withDaySeparators } from "../../lib/chat-history";

/** Within this many pixels of an end counts as there: the top asks for older messages, the bottom follows new ones. */
const EDGE_PX = 48;

interface Props {
  messages: ChatMessage[];
  /** The user has read up to this seq: the operator's messages up to it carry the read tick. */
  userReadSeq: string;
  userTyping: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder(): void;
  /** A photo's short-lived links have ended: the history is asked for again, with fresh ones. */
  refreshPhotos(): void;
}

const dayFormat = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, {
    year: "numeric",
    month: "long",
    day: "numeric",
    weekday: "short",
  }).format(new Date(iso));
const clockFormat = (iso: string, locale: string) => formatClock(new Date(iso), locale);

/** The conversation, oldest at the top: scrolling up brings older pages, new messages follow at the bottom. */
export function MessageList({
  messages,
  userReadSeq,
  userTyping,
  hasOlder,
  loadingOlder,
  loadOlder,
  refreshPhotos,
}: Props) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const locale = i18n.language;
  const box = useRef<HTMLDivElement>(null);
  const shown = useRef({ first: "", last: "", height: 0, atBottom: true });

  // Older messages above keep what the operator reads in place; new ones below are followed when
  // the operator was at the bottom (and not when they scrolled up to read).
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const first = messages[0]?.seq ?? "";
    const last = messages.at(-1)?.seq ?? "";
    const before = shown.current;
    if (before.first !== "" && first !== before.first && last === before.last)
      element.scrollTop += element.scrollHeight - before.height;
    else if (last !== before.last && (before.atBottom || before.last === ""))
      element.scrollTop = element.scrollHeight;
    shown.current = { first, last, height: element.scrollHeight, atBottom: before.atBottom };
  }, [messages]);

  // A page too short to scroll could never be scrolled up to ask for the one before it.
  useLayoutEffect(() => {
    const element = box.current;
    if (element && hasOlder && !loadingOlder && element.scrollHeight <= element.clientHeight) loadOlder();
  }, [hasOlder, loadingOlder, loadOlder]);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const element = event.currentTarget;
    shown.current.atBottom = element.scrollHeight - element.scrollTop - element.clientHeight < EDGE_PX;
    shown.current.height = element.scrollHeight;
    if (element.scrollTop < EDGE_PX && hasOlder && !loadingOlder) loadOlder();
  };

  return (
    <div className="chat-pane__messages" ref={box} onScroll={onScroll} data-testid="chat-messages">
      {loadingOlder && (
        <Flex justify="center">
          <Spin size="small" />
        </Flex>
      )}
      {!hasOlder && messages.length > 0 && (
        <Typography.Paragraph type="secondary" className="chat-day">
          {t("chats.historyStart")}
        </Typography.Paragraph>
      )}
      {messages.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("chats.noMessages")} />
      )}
      {withDaySeparators(messages).map((item) =>
        item.kind === "day" ? (
          <Divider key={item.key} plain className="chat-day" data-testid="chat-day">
            <Typography.Text type="secondary">{dayFormat(item.at, locale)}</Typography.Text>
          </Divider>
        ) : (
          <Bubble
            key={item.key}
            message={item.message}
            read={item.message.author === "operator" && compareSeq(item.message.seq, userReadSeq) <= 0}
            time={clockFormat(item.message.at, locale)}
            token={token}
            refreshPhotos={refreshPhotos}
          />
        ),
      )}
      {userTyping && (
        <Typography.Text type="secondary" italic data-testid="chat-user-typing">
          {t("chats.userTyping")}
        </Typography.Text>
      )}
    </div>
  );
}

type Token = ReturnType<typeof theme.useToken>["token"];

function Bubble({
  message,
  read,
  time,
  token,
  refreshPhotos,
}: {
  message: ChatMessage;
  read: boolean;
  time: string;
  token: Token;
  refreshPhotos(): void;
}) {
  const { t } = useTranslation();
  const mine = message.author !== "user";
  const note = message.author === "note";
  // The theme's colours change at run time with light or dark.
  const style = note
    ? { background: token.colorWarningBg, borderColor: token.colorWarningBorder, borderStyle: "dashed" }
    : mine
      ? { background: token.colorPrimaryBg, borderColor: token.colorPrimaryBorder }
      : { background: token.colorFillTertiary };
  return (
    <div
      className={`chat-bubble-row${mine ? " chat-bubble-row--mine" : ""}`}
      data-testid={`chat-message-${message.author}`}
      data-seq={message.seq}
    >
      <div className="chat-bubble" style={style}>
        {note && (
          <div
            className="chat-bubble__meta"
            style={{ color: token.colorWarningText /* the theme's, light or dark */ }}
          >
            <span>
              <LockOutlined /> {t("chats.noteLabel")}
            </span>
          </div>
        )}
        {mine && !note && message.operator && (
          <div className="chat-bubble__meta">
            <Typography.Text type="secondary">{message.operator}</Typography.Text>
          </div>
        )}
        {message.photo && (
          <div className={message.body ? "chat-bubble__photo" : undefined} data-testid="chat-photo">
            {Date.parse(message.photo.expiresAt) > Date.now() ? (
              <Image
                src={message.photo.thumbnailUrl}
                preview={{ src: message.photo.url }}
                width={160}
                alt={t("chats.photo")}
              />
            ) : (
              <Button size="small" onClick={refreshPhotos}>
                {t("chats.photoExpired")}
              </Button>
            )}
          </div>
        )}
        {message.body && <div>{message.body}</div>}
        <div className="chat-bubble__foot">
          {note && message.operator && <Typography.Text type="secondary">{message.operator}</Typography.Text>}
          <Typography.Text type="secondary">{time}</Typography.Text>
          {message.author === "operator" && read && (
            <Typography.Text type="success" data-testid="chat-read-tick" title={t("chats.readByUser")}>
              <CheckOutlined /> {t("chats.read")}
            </Typography.Text>
          )}
        </div>
      </div>
    </div>
  );
}
