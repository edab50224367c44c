import { ArrowLeftOutlined } from "@ant-design/icons";
import type { OperatorUserDetail, StatementEntry, WithdrawalAccount } from "@tickfair/contract";
import { formatMoney } from "@tickfair/contract";
import {
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Flex,
  Result,
  Row,
  Skeleton,
  Space,
  Statistic,
  Tabs,
  Tag,
  Typography,
} from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { useDescribeError } from "../../api/use-describe-error";
import { useSignInLock, useTotpReset, useUnbindWithdrawalAccount, useUserDetail } from "../../api/users";
import { RejectReasonModal } from "../../components/RejectReasonModal/RejectReasonModal";
import { VerificationStateTag } from "../../components/VerificationLabels/verification-labels";
import { formatTime } from "../../lib/format";
import { AREA_PATHS } from "../../lib/paths";
import { holds } from "../../lib/permissions";
import { useSession } from "../../store/session";
import { UserLimits } from "./UserLimits";
import { ContractsTab, DepositsTab, SessionsTab, StatementTab, WithdrawalsTab } from "./UserLists";

const FIGURES = ["totalAssets", "available", "frozen", "savings", "accountPnl", "todayPnl"] as const;
const BALANCES = ["cash", "frozenTrade", "frozenWithdrawal", "savingsPending", "savingsConfirmed"] as const;
const BALANCE_KEYS: Record<(typeof BALANCES)[number], StatementEntry["account"]> = {
  cash: "cash",
  frozenTrade: "frozen_trade",
  frozenWithdrawal: "frozen_withdrawal",
  savingsPending: "savings_pending",
  savingsConfirmed: "savings_confirmed",
};

/** A user's page: who they are, their money (when the role may read it), sign-in, bound account, lists. */
export default function UserPage() {
  const { id = "" } = useParams();
  const { t } = useTranslation();
  const describe = useDescribeError();
  const detail = useUserDetail(id);
  const operator = useSession((state) => state.operator);
  const back = (
    <Link to={AREA_PATHS.users}>
      <ArrowLeftOutlined /> {t("users.backToSearch")}
    </Link>
  );

  if (detail.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (detail.isError || !detail.data)
    return <Result status="warning" title={describe(detail.error)} extra={back} />;

  const data = detail.data;
  const canMoney = data.money !== null && holds(operator, "userMoney.read");
  const tabs = [
    ...(canMoney
      ? [
          { key: "statement", label: t("users.tabs.statement"), children: <StatementTab userId={id} /> },
          { key: "contracts", label: t("users.tabs.contracts"), children: <ContractsTab userId={id} /> },
          { key: "deposits", label: t("users.tabs.deposits"), children: <DepositsTab userId={id} /> },
          {
            key: "withdrawals",
            label: t("users.tabs.withdrawals"),
            children: <WithdrawalsTab userId={id} />,
          },
        ]
      : []),
    {
      key: "sessions",
      label: t("users.tabs.sessions"),
      children: <SessionsTab userId={id} canRevoke={holds(operator, "userSessions.revoke")} />,
    },
  ];

  return (
    <Flex vertical gap={16}>
      {back}
      <UserHeader detail={data} />
      {data.money ? <MoneyCard money={data.money} /> : null}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <SignInCard
            detail={data}
            canLock={holds(operator, "userSignIn.lock")}
            canResetTotp={holds(operator, "userTotp.reset")}
          />
        </Col>
        <Col xs={24} lg={12}>
          <WithdrawalAccountCard
            userId={id}
            account={data.withdrawalAccount}
            canUnbind={holds(operator, "withdrawalAccounts.unbind")}
          />
        </Col>
      </Row>
      <UserLimits userId={id} />
      <Card>
        <Tabs items={tabs} destroyOnHidden data-testid="user-tabs" />
      </Card>
    </Flex>
  );
}

function UserHeader({ detail }: { detail: OperatorUserDetail }) {
  const { t, i18n } = useTranslation();
  const { user } = detail;
  return (
    <Card>
      <Space align="baseline" size={12} className="stack-gap-sm">
        <Typography.Title level={3} className="flush" data-testid="user-account">
          {user.account}
        </Typography.Title>
        <Typography.Text type="secondary">{user.nickname}</Typography.Text>
        <VerificationStateTag state={detail.verification} />
        {detail.signIn.lock ? <Tag color="red">{t("users.locked")}</Tag> : null}
      </Space>
      <Descriptions size="small" column={{ xs: 1, md: 2, xl: 4 }}>
        <Descriptions.Item label={t("users.userId")}>
          <span className="mono">{user.id}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t("users.phone")}>
          <span className="mono">{user.phone}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t("users.inviteCode")}>
          <span className="mono">{user.inviteCode}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t("users.invitedBy")}>
          <span className="mono">{user.invitedBy ?? "—"}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t("users.creditScore")}>{user.creditScore}</Descriptions.Item>
        <Descriptions.Item label={t("users.createdAt")}>
          <span className="tabular">{formatTime(user.createdAt, i18n.language)}</span>
        </Descriptions.Item>
        {detail.payPasswordLockedUntil ? (
          <Descriptions.Item label={t("users.payPasswordLockedUntil")}>
            <span className="tabular">{formatTime(detail.payPasswordLockedUntil, i18n.language)}</span>
          </Descriptions.Item>
        ) : null}
      </Descriptions>
    </Card>
  );
}

function MoneyCard({ money }: { money: NonNullable<OperatorUserDetail["money"]> }) {
  const { t, i18n } = useTranslation();
  const show = (amount: string, signed = false) => formatMoney(amount, i18n.language, { signed });
  return (
    <Card title={t("users.figures")} data-testid="user-money">
      <Row gutter={[16, 16]}>
        {FIGURES.map((key) => (
          <Col key={key} xs={12} md={8} xl={4}>
            <Statistic
              title={t(`users.summary.${key}`)}
              value={show(money.summary[key], key.endsWith("Pnl"))}
              className="figure"
            />
          </Col>
        ))}
      </Row>
      <Descriptions size="small" column={{ xs: 1, md: 3, xl: 5 }} className="gap-above">
        {BALANCES.map((key) => (
          <Descriptions.Item key={key} label={t(`users.balances.${BALANCE_KEYS[key]}`)}>
            <span className="tabular">{show(money.balances[key])}</span>
          </Descriptions.Item>
        ))}
      </Descriptions>
    </Card>
  );
}

function SignInCard({
  detail,
  canLock,
  canResetTotp,
}: {
  detail: OperatorUserDetail;
  canLock: boolean;
  canResetTotp: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const lock = useSignInLock(detail.user.id);
  const resetTotp = useTotpReset(detail.user.id);
  const [open, setOpen] = useState(false);
  const [resetting, setResetting] = useState(false);
  const locked = detail.signIn.lock;
  const action = locked ? "unlock" : "lock";
  const time = (at: string) => formatTime(at, i18n.language);
  return (
    <Card
      title={t("users.signIn")}
      className="fill-height"
      extra={
        canLock ? (
          <Button danger={!locked} onClick={() => setOpen(true)} data-testid={`user-${action}`}>
            {t(`users.${action}`)}
          </Button>
        ) : null
      }
    >
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t("users.state")}>
          {locked ? <Tag color="red">{t("users.locked")}</Tag> : <Tag color="green">{t("users.active")}</Tag>}
        </Descriptions.Item>
        {locked ? (
          <>
            <Descriptions.Item label={t("users.lockedAt")}>
              <span className="tabular">{time(locked.at)}</span>
              {locked.by ? ` · ${locked.by}` : ""}
            </Descriptions.Item>
            <Descriptions.Item label={t("users.lockReason")}>{locked.reason}</Descriptions.Item>
          </>
        ) : null}
        <Descriptions.Item label={t("users.throttledUntil")}>
          {detail.signIn.throttledUntil ? (
            <span className="tabular">{time(detail.signIn.throttledUntil)}</span>
          ) : (
            "—"
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t("users.liveSessions")}>{detail.signIn.liveSessions}</Descriptions.Item>
        <Descriptions.Item label={t("users.totp")}>
          <Flex gap={8} align="center" wrap>
            <span data-testid="user-totp">{t(detail.signIn.totp ? "users.totpOn" : "users.totpOff")}</span>
            {detail.signIn.totp && canResetTotp ? (
              <Button size="small" onClick={() => setResetting(true)} data-testid="user-totp-reset">
                {t("users.totpReset")}
              </Button>
            ) : null}
          </Flex>
        </Descriptions.Item>
        <Descriptions.Item label={t("users.passkeys")}>
          <span className="tabular" data-testid="user-passkeys">
            {detail.signIn.passkeys}
          </span>
        </Descriptions.Item>
      </Descriptions>
      <RejectReasonModal
        open={resetting}
        title={t("users.totpResetTitle")}
        subject={t("users.actionSubject", { account: detail.user.account })}
        notice={t("users.totpResetNotice")}
        okText={t("users.totpReset")}
        danger
        pending={resetTotp.isPending}
        error={resetTotp.error}
        onSubmit={(reason) =>
          resetTotp.mutate(reason, {
            onSuccess: () => {
              setResetting(false);
              message.success(t("users.totpResetDone"));
            },
          })
        }
        onCancel={() => {
          setResetting(false);
          resetTotp.reset();
        }}
      />
      <RejectReasonModal
        open={open}
        title={t(`users.${action}Title`)}
        subject={t("users.actionSubject", { account: detail.user.account })}
        notice={locked ? undefined : t("users.lockNotice")}
        okText={t(`users.${action}`)}
        danger={!locked}
        pending={lock.isPending}
        error={lock.error}
        onSubmit={(reason) =>
          lock.mutate(
            { action, reason },
            {
              onSuccess: () => {
                setOpen(false);
                message.success(t(`users.${action}ed`));
              },
            },
          )
        }
        onCancel={() => {
          setOpen(false);
          lock.reset();
        }}
      />
    </Card>
  );
}

type AccountField =
  | "accountName"
  | "nationality"
  | "bankName"
  | "cardNumber"
  | "bankAddress"
  | "network"
  | "address";

function WithdrawalAccountCard({
  userId,
  account,
  canUnbind,
}: {
  userId: string;
  account: WithdrawalAccount | null;
  canUnbind: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const unbind = useUnbindWithdrawalAccount(userId);
  const [open, setOpen] = useState(false);
  const rows: [AccountField, string | null][] = account
    ? account.type === "bank"
      ? [
          ["accountName", account.accountName],
          ["nationality", account.nationality],
          ["bankName", account.bankName],
          ["cardNumber", account.cardNumber],
          ["bankAddress", account.bankAddress],
        ]
      : [
          ["network", account.network],
          ["address", account.address],
        ]
    : [];
  return (
    <Card
      title={t("users.withdrawalAccount")}
      className="fill-height"
      extra={
        account && canUnbind ? (
          <Button danger onClick={() => setOpen(true)} data-testid="user-unbind">
            {t("users.unbind")}
          </Button>
        ) : null
      }
    >
      {account ? (
        <Descriptions size="small" column={1}>
          <Descriptions.Item label={t("users.accountType")}>
            {t(`users.accountTypes.${account.type}`)}
          </Descriptions.Item>
          {rows.map(([key, value]) => (
            <Descriptions.Item key={key} label={t(`users.accountFields.${key}`)}>
              <span className="mono">{value ?? "—"}</span>
            </Descriptions.Item>
          ))}
          <Descriptions.Item label={t("users.boundAt")}>
            <span className="tabular">{formatTime(account.boundAt, i18n.language)}</span>
          </Descriptions.Item>
        </Descriptions>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("users.noWithdrawalAccount")} />
      )}
      <RejectReasonModal
        open={open}
        title={t("users.unbindTitle")}
        subject={t("users.unbindSubject")}
        notice={t("users.unbindNotice")}
        okText={t("users.unbind")}
        pending={unbind.isPending}
        error={unbind.error}
        onSubmit={(reason) =>
          unbind.mutate(reason, {
            onSuccess: () => {
              setOpen(false);
              message.success(t("users.unbound"));
            },
          })
        }
        onCancel={() => {
          setOpen(false);
          unbind.reset();
        }}
      />
    </Card>
  );
}
