import { formatMoney } from "@tickfair/contract";
import { Alert, Card, Descriptions, Skeleton, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useDescribeError } from "../../api/use-describe-error";
import { useUserDetail, useUserList } from "../../api/users";
import { formatTime } from "../../lib/format";
import { AREA_PATHS } from "../../lib/paths";
import { holds } from "../../lib/permissions";
import { useSession } from "../../store/session";
import { EntryKindTag } from "../EntryKindTag/EntryKindTag";
import { VerificationStateTag } from "../VerificationLabels/verification-labels";
import "./review-user-context.css";

const RECENT_ENTRIES = 5;

/**
 * Who is asking for the money, beside a deposit or withdrawal under review: verification, sign-in
 * state, balances, the bound account and the last ledger entries, as far as the operator's role may
 * read them, with a link to the user's page.
 */
export function ReviewUserContext({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  const describe = useDescribeError();
  const operator = useSession((state) => state.operator);
  const mayRead = holds(operator, "users.read");
  const mayReadMoney = holds(operator, "userMoney.read");
  const detail = useUserDetail(userId, mayRead);
  const recent = useUserList(userId, "statement", { cursor: undefined, limit: RECENT_ENTRIES }, mayReadMoney);
  if (!mayRead) return null;

  const locale = i18n.language;
  const money = (amount: string, signed = false) => formatMoney(amount, locale, { signed });
  const data = detail.data;
  return (
    <Card
      size="small"
      title={t("review.userContext")}
      extra={<Link to={`${AREA_PATHS.users}/${userId}`}>{t("review.openUser")}</Link>}
      data-testid="review-user-context"
    >
      {detail.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : detail.isError || !data ? (
        <Alert type="warning" showIcon message={describe(detail.error)} />
      ) : (
        <>
          <Descriptions size="small" column={2}>
            <Descriptions.Item label={t("users.account")}>{data.user.account}</Descriptions.Item>
            <Descriptions.Item label={t("users.createdAt")}>
              {formatTime(data.user.createdAt, locale)}
            </Descriptions.Item>
            <Descriptions.Item label={t("users.state")}>
              {data.signIn.lock ? (
                <Tag color="error">{t("users.locked")}</Tag>
              ) : (
                <Tag color="success">{t("users.active")}</Tag>
              )}
              <VerificationStateTag state={data.verification} />
            </Descriptions.Item>
            <Descriptions.Item label={t("users.withdrawalAccount")}>
              {data.withdrawalAccount
                ? t(`users.accountTypes.${data.withdrawalAccount.type}`)
                : t("users.noWithdrawalAccount")}
            </Descriptions.Item>
            {data.money && (
              <>
                <Descriptions.Item label={t("users.balances.cash")}>
                  <span className="tabular">{money(data.money.balances.cash)}</span>
                </Descriptions.Item>
                <Descriptions.Item label={t("users.balances.frozen_withdrawal")}>
                  <span className="tabular">{money(data.money.balances.frozenWithdrawal)}</span>
                </Descriptions.Item>
                <Descriptions.Item label={t("users.summary.totalAssets")}>
                  <span className="tabular">{money(data.money.summary.totalAssets)}</span>
                </Descriptions.Item>
                <Descriptions.Item label={t("users.summary.accountPnl")}>
                  <span className="tabular">{money(data.money.summary.accountPnl, true)}</span>
                </Descriptions.Item>
              </>
            )}
          </Descriptions>
          {mayReadMoney && (
            <>
              <Typography.Text type="secondary" className="block gap-above-xs">
                {t("review.recentActivity")}
              </Typography.Text>
              {recent.isPending ? (
                <Skeleton active title={false} paragraph={{ rows: 2 }} />
              ) : recent.data?.items.length ? (
                <ul className="review-user-context__recent" data-testid="review-user-recent">
                  {recent.data.items.map((entry) => (
                    <li key={entry.id}>
                      <span>{formatTime(entry.createdAt, locale)}</span>
                      <span>
                        <EntryKindTag kind={entry.kind} />
                        {t(`users.balances.${entry.account}`)}
                      </span>
                      <span className="tabular">{money(entry.amount, true)}</span>
                    </li>
                  ))}
                </ul>
              ) : (
                <Typography.Paragraph type="secondary">{t("review.noRecentActivity")}</Typography.Paragraph>
              )}
            </>
          )}
        </>
      )}
    </Card>
  );
}
