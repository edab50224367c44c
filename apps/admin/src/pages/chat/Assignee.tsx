import type { OperatorConversation } from "@tickfair/contract";
import { Typography } from "antd";
import { useTranslation } from "react-i18next";

/** Who answers a conversation, or that nobody has taken it yet. */
export function Assignee({ conversation, testId }: { conversation: OperatorConversation; testId: string }) {
  const { t } = useTranslation();
  return (
    <Typography.Text type="secondary" className="caption" data-testid={testId}>
      {conversation.assignee ? t("chats.assignedTo", { name: conversation.assignee }) : t("chats.unassigned")}
    </Typography.Text>
  );
}
