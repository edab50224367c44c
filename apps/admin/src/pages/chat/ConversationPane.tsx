import {
  CheckCircleOutlined,
  RollbackOutlined,
  UserAddOutlined,
  UserDeleteOutlined,
} from "@ant-design/icons";
import type { OperatorConversation } from "@tickfair/contract";
import { Alert, App, Button, Flex, Skeleton, Space, Tag, Typography, theme } from "antd";
import { useTranslation } from "react-i18next";
import { useAssignConversation, useConversationContext, useSetConversationState } from "../../api/chat";
import { useDescribeError } from "../../api/use-describe-error";
import { compareSeq } from "../../lib/chat-history";
import { useSession } from "../../store/session";
import { Assignee } from "./Assignee";
import { Composer } from "./Composer";
import { MessageList } from "./MessageList";
import { useConversation } from "./use-conversation";

/** The open conversation: who and where it stands, its messages, and the composer. */
export function ConversationPane({ id }: { id: string }) {
  const describe = useDescribeError();
  const context = useConversationContext(id);
  const { history, messages, userReadSeq, userTyping, addSent } = useConversation(id);
  const conversation = context.data?.conversation;
  // The list's marker when opened, moved on by the socket's chat.read since.
  const readSeq =
    conversation && compareSeq(conversation.userReadSeq, userReadSeq) > 0
      ? conversation.userReadSeq
      : userReadSeq;

  return (
    <>
      {conversation ? (
        <PaneHeader conversation={conversation} />
      ) : context.isError ? (
        <Alert type="error" showIcon message={describe(context.error)} className="chat-inset" />
      ) : (
        <Skeleton active title paragraph={false} className="chat-padded-lg" />
      )}
      {history.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} className="chat-padded-lg chat-grow" />
      ) : history.isError ? (
        <Alert type="error" showIcon message={describe(history.error)} className="chat-inset chat-grow" />
      ) : (
        <MessageList
          messages={messages}
          userReadSeq={readSeq}
          userTyping={userTyping}
          hasOlder={history.hasNextPage}
          loadingOlder={history.isFetchingNextPage}
          loadOlder={() => void history.fetchNextPage()}
          refreshPhotos={() => void history.refetch()}
        />
      )}
      <Composer id={id} onSent={addSent} />
    </>
  );
}

function PaneHeader({ conversation }: { conversation: OperatorConversation }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { modal, message } = App.useApp();
  const describe = useDescribeError();
  const me = useSession((state) => state.operator);
  const assign = useAssignConversation();
  const setState = useSetConversationState();
  const { id } = conversation;
  const mine = me !== null && conversation.assignee === me.username;
  const open = conversation.state === "open";

  const fail = (error: Error) => void message.error(describe(error));
  const assignTo = (operatorId: string | null) => assign.mutate({ id, operatorId }, { onError: fail });
  const resolve = () =>
    modal.confirm({
      title: t("chats.resolveTitle"),
      content: t("chats.resolveText", { account: conversation.user.account }),
      okText: t("chats.resolve"),
      cancelText: t("common.cancel"),
      onOk: () =>
        setState
          .mutateAsync({ id, action: "resolve" })
          .then(() => void message.success(t("chats.resolved")))
          .catch(fail),
    });

  return (
    <div
      className="chat-pane__header"
      // The theme's colour changes at run time with light or dark.
      style={{ borderColor: token.colorSplit }}
      data-testid="chat-header"
    >
      <Flex vertical className="chat-shrink">
        <Space size={8} wrap>
          <Typography.Text strong data-testid="chat-header-account">
            {conversation.user.account}
          </Typography.Text>
          <Tag color={open ? "processing" : "default"} bordered={false} data-testid="chat-header-state">
            {t(`chats.states.${conversation.state}`)}
          </Tag>
        </Space>
        <Assignee conversation={conversation} testId="chat-header-assignee" />
      </Flex>
      <Space wrap>
        {me && !mine && (
          <Button
            icon={<UserAddOutlined />}
            loading={assign.isPending}
            onClick={() => assignTo(me.id)}
            data-testid="chat-assign-me"
          >
            {t("chats.assignToMe")}
          </Button>
        )}
        {conversation.assignee !== null && (
          <Button
            icon={<UserDeleteOutlined />}
            loading={assign.isPending}
            onClick={() => assignTo(null)}
            data-testid="chat-unassign"
          >
            {t("chats.unassign")}
          </Button>
        )}
        {open ? (
          <Button type="primary" icon={<CheckCircleOutlined />} onClick={resolve} data-testid="chat-resolve">
            {t("chats.resolve")}
          </Button>
        ) : (
          <Button
            icon={<RollbackOutlined />}
            loading={setState.isPending}
            onClick={() => setState.mutate({ id, action: "reopen" }, { onError: fail })}
            data-testid="chat-reopen"
          >
            {t("chats.reopen")}
          </Button>
        )}
      </Space>
    </div>
  );
}
