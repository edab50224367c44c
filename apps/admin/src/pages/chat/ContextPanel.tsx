import { formatMoney, type WithdrawalAccount } from "@tickfair/contract";
import { Alert, Descriptions, Empty, Flex, Skeleton, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useConversationContext } from "../../api/chat";
import { useDescribeError } from "../../api/use-describe-error";
import { WithdrawalStatusTag } from "../../components/StatusTag/WithdrawalStatusTag";
import { VerificationStateTag } from "../../components/VerificationLabels/verification-labels";
import { formatTime } from "../../lib/format";
import { AREA_PATHS } from "../../lib/paths";
import { holds } from "../../lib/permissions";
import { useSession } from "../../store/session";

/** The bound account as the user's app shows it: the bank and masked card, or the network and masked address. */
function describeAccount(account: WithdrawalAccount): string {
  const parts =
    account.type === "bank" ? [account.bankName, account.cardNumber] : [account.network, account.address];
  return parts.filter((part) => part !== null && part !== "").join(" · ");
}

/** Who the operator is talking to: most questions are about these figures and withdrawals. */
export function ContextPanel({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const describe = useDescribeError();
  const operator = useSession((state) => state.operator);
  const context = useConversationContext(id);
  const locale = i18n.language;
  const money = (amount: string) => <span className="tabular">{formatMoney(amount, locale)}</span>;

  if (context.isPending) return <Skeleton active paragraph={{ rows: 10 }} className="chat-padded-lg" />;
  if (context.isError)
    return <Alert type="error" showIcon message={describe(context.error)} className="chat-inset" />;
  const { user, summary, withdrawalAccount, recentWithdrawals } = context.data;

  return (
    <div className="chat-context" data-testid="chat-context">
      <Typography.Title level={5} className="flush-top">
        {t("chats.context.title")}
      </Typography.Title>
      <Descriptions size="small" column={1} colon={false}>
        <Descriptions.Item label={t("users.account")}>
          <span data-testid="chat-context-account">{user.account}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t("users.phone")}>
          <span className="tabular">{user.phone}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t("chats.context.verification")}>
          <VerificationStateTag state={user.verification} />
        </Descriptions.Item>
        <Descriptions.Item label={t("chats.context.registered")}>
          {formatTime(user.createdAt, locale)}
        </Descriptions.Item>
        <Descriptions.Item label={t("chats.context.available")}>{money(summary.available)}</Descriptions.Item>
        <Descriptions.Item label={t("chats.context.frozen")}>{money(summary.frozen)}</Descriptions.Item>
        <Descriptions.Item label={t("chats.context.savings")}>{money(summary.savings)}</Descriptions.Item>
        <Descriptions.Item label={t("chats.context.totalAssets")}>
          {money(summary.totalAssets)}
        </Descriptions.Item>
        <Descriptions.Item label={t("users.withdrawalAccount")}>
          {withdrawalAccount ? (
            <span data-testid="chat-context-bound">
              {t(`users.accountTypes.${withdrawalAccount.type}`)}
              <br />
              {/* A bank's name runs long: it wraps in the narrow panel (not .tabular, which keeps one line). */}
              {describeAccount(withdrawalAccount)}
            </span>
          ) : (
            t("users.noWithdrawalAccount")
          )}
        </Descriptions.Item>
      </Descriptions>
      {holds(operator, "users.read") && (
        <Link to={`${AREA_PATHS.users}/${user.id}`} data-testid="chat-context-user-link">
          {t("review.openUser")}
        </Link>
      )}
      <Typography.Title level={5}>{t("chats.context.recentWithdrawals")}</Typography.Title>
      {recentWithdrawals.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("chats.context.noWithdrawals")} />
      ) : (
        <Descriptions size="small" column={1} colon={false} data-testid="chat-context-withdrawals">
          {recentWithdrawals.map((withdrawal) => (
            <Descriptions.Item key={withdrawal.id} label={formatTime(withdrawal.createdAt, locale)}>
              <Flex gap={8} align="center" wrap>
                {money(withdrawal.amount)}
                <WithdrawalStatusTag withdrawal={withdrawal} />
              </Flex>
            </Descriptions.Item>
          ))}
        </Descriptions>
      )}
    </div>
  );
}
