import type { ChatView, ConversationState, OperatorConversation } from "@tickfair/contract";
import { Alert, Badge, Button, Empty, Flex, Segmented, Skeleton, Tabs, Tag, Typography, theme } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useConversationList } from "../../api/chat";
import { useDescribeError } from "../../api/use-describe-error";
import { waitingAge } from "../../lib/chat-history";
import { formatTime } from "../../lib/format";
import { Assignee } from "./Assignee";

/** A wait longer than this shows in the warning colour, as the dashboard's queue cards do. */
const LONG_WAIT_MS = 10 * 60_000;

/** The time now, again every half minute: the "waiting" tags grow while the list stays on screen. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

interface Props {
  view: ChatView;
  state: ConversationState;
  selected: string | null;
  onView(view: ChatView): void;
  onState(state: ConversationState): void;
  onSelect(id: string): void;
}

export function ConversationList({ view, state, selected, onView, onState, onSelect }: Props) {
  const { t } = useTranslation();
  const describe = useDescribeError();
  const list = useConversationList({ view, state });
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const now = useNow();

  return (
    <>
      <div className="chat-list__controls">
        <Tabs
          size="small"
          activeKey={view}
          onChange={(key) => onView(key as ChatView)}
          items={(["unassigned", "mine", "all"] as const).map((key) => ({
            key,
            label: <span data-testid={`chat-view-${key}`}>{t(`chats.views.${key}`)}</span>,
          }))}
        />
        <Segmented
          block
          value={state}
          onChange={(value) => onState(value as ConversationState)}
          options={(["open", "resolved"] as const).map((value) => ({
            value,
            label: <span data-testid={`chat-state-${value}`}>{t(`chats.states.${value}`)}</span>,
          }))}
        />
      </div>
      <div className="chat-list__items" data-testid="chat-list">
        {list.isError && (
          <Alert type="error" showIcon message={describe(list.error)} className="chat-inset" />
        )}
        {list.isPending ? (
          <Skeleton active paragraph={{ rows: 6 }} className="chat-padded" />
        ) : items.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t(`chats.empty.${state === "resolved" ? "resolved" : view}`)}
            data-testid="chat-list-empty"
          />
        ) : (
          <>
            {items.map((conversation) => (
              <ConversationRow
                key={conversation.id}
                conversation={conversation}
                active={conversation.id === selected}
                now={now}
                onSelect={onSelect}
              />
            ))}
            {list.hasNextPage && (
              <Flex justify="center" className="chat-padded">
                <Button loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                  {t("chats.loadMore")}
                </Button>
              </Flex>
            )}
          </>
        )}
      </div>
    </>
  );
}

function ConversationRow({
  conversation,
  active,
  now,
  onSelect,
}: {
  conversation: OperatorConversation;
  active: boolean;
  now: number;
  onSelect(id: string): void;
}) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const locale = i18n.language;
  const waited = conversation.waitingSince ? now - new Date(conversation.waitingSince).getTime() : null;
  return (
    <button
      type="button"
      className="chat-row"
      aria-current={active}
      // The theme's colours change at run time with light or dark.
      style={{ borderColor: token.colorSplit, background: active ? token.controlItemBgActive : undefined }}
      onClick={() => onSelect(conversation.id)}
      data-testid={`chat-row-${conversation.id}`}
    >
      <div className="chat-row__line">
        <span className="chat-row__account" data-testid="chat-row-account">
          {conversation.user.account}
        </span>
        {conversation.lastMessageAt && (
          <Typography.Text type="secondary" className="chat-row__time">
            {formatTime(conversation.lastMessageAt, locale)}
          </Typography.Text>
        )}
      </div>
      <div className="chat-row__line chat-row__line--preview">
        <Typography.Text type="secondary" className="chat-row__preview">
          {conversation.lastMessage ||
            (conversation.lastMessageAt ? t("chats.photo") : t("chats.noMessages"))}
        </Typography.Text>
        <Badge count={conversation.unread} data-testid="chat-row-unread" />
      </div>
      <div className="chat-row__line chat-row__line--tags">
        {conversation.waitingSince && waited !== null && (
          <Tag
            color={waited > LONG_WAIT_MS ? "warning" : "processing"}
            bordered={false}
            data-testid="chat-row-waiting"
          >
            {t("chats.waitingFor", { age: waitingAge(conversation.waitingSince, now, locale) })}
          </Tag>
        )}
        <Assignee conversation={conversation} testId="chat-row-assignee" />
      </div>
    </button>
  );
}
