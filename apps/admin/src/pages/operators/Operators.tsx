import { UserAddOutlined } from "@ant-design/icons";
import type { OperatorAccount } from "@tickfair/contract";
import { App, Badge, Button, Card, Space, type TableColumnsType, Tag, Tooltip } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { type OperatorAction, useOperatorAction, useOperatorPage } from "../../api/operators";
import { useControlChanges } from "../../api/settings";
import { PageHeader } from "../../components/PageHeader/PageHeader";
import { PagedTable } from "../../components/paged-table/PagedTable";
import { useUrlPaging } from "../../components/paged-table/paging";
import { RejectReasonModal } from "../../components/RejectReasonModal/RejectReasonModal";
import { formatTime } from "../../lib/format";
import { useSession } from "../../store/session";
import { ChangeRoleModal } from "./ChangeRoleModal";
import { CreateOperatorModal } from "./CreateOperatorModal";
import { RoleChanges } from "./RoleChanges";
import { ROLE_COLORS, ROLE_SUBJECT, roleChangeValue } from "./roles";

/** The action a reason is being asked for, and on whom. */
interface Acting {
  account: OperatorAccount;
  action: OperatorAction;
}

const ACTION_KEYS = {
  disable: "disable",
  enable: "enable",
  "reset-totp": "resetTotp",
} as const satisfies Record<OperatorAction, string>;

/** Operators and roles (admin): create, change a role, disable or enable, reset the authenticator. */
export default function Operators() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const me = useSession((state) => state.operator);
  const paging = useUrlPaging();
  const page = useOperatorPage(paging.request);
  const changes = useControlChanges({
    status: "pending",
    subject: ROLE_SUBJECT,
    cursor: undefined,
    limit: 50,
  });
  const act = useOperatorAction();
  const [creating, setCreating] = useState(false);
  const [changingRole, setChangingRole] = useState<OperatorAccount | null>(null);
  const [acting, setActing] = useState<Acting | null>(null);
  const locale = i18n.language;

  const usernames = useMemo(
    () => new Map((page.data?.items ?? []).map((account) => [account.id, account.username])),
    [page.data],
  );
  // The role each operator is waiting for, if a change of theirs waits for a second admin.
  const pendingRoles = useMemo(() => {
    const byOperator = new Map<string, string>();
    for (const change of changes.data?.items ?? []) {
      const { operatorId, role } = roleChangeValue(change.proposed);
      if (role) byOperator.set(operatorId, role);
    }
    return byOperator;
  }, [changes.data]);

  const submitAction = (reason: string) => {
    if (!acting) return;
    const key = ACTION_KEYS[acting.action];
    act.mutate(
      { id: acting.account.id, action: acting.action, reason },
      {
        onSuccess: () => {
          message.success(t(`operators.actions.${key}.done`, { username: acting.account.username }));
          setActing(null);
        },
      },
    );
  };

  const columns: TableColumnsType<OperatorAccount> = [
    {
      title: t("operators.username"),
      className: "nowrap",
      render: (_, account) => (
        <Space size={6}>
          <span>{account.username}</span>
          {account.id === me?.id && <Tag bordered={false}>{t("operators.you")}</Tag>}
        </Space>
      ),
    },
    {
      title: t("operators.role"),
      className: "nowrap",
      render: (_, account) => {
        const waiting = pendingRoles.get(account.id);
        return (
          <Space size={6}>
            <Tag color={ROLE_COLORS[account.role]} bordered={false}>
              {t(`roles.${account.role}`)}
            </Tag>
            {waiting && (
              <Tooltip title={t("operators.rolePendingHint")}>
                <Tag color="warning" bordered={false} data-testid={`role-pending-${account.username}`}>
                  {t("operators.rolePending", { role: t(`roles.${waiting as "admin"}`) })}
                </Tag>
              </Tooltip>
            )}
          </Space>
        );
      },
    },
    {
      title: t("operators.authenticator"),
      className: "nowrap",
      render: (_, account) =>
        account.totpEnrolledAt ? (
          <Tooltip title={formatTime(account.totpEnrolledAt, locale)}>
            <Badge status="success" text={t("operators.enrolled")} />
          </Tooltip>
        ) : (
          <Badge status="default" text={t("operators.notEnrolled")} />
        ),
    },
    {
      title: t("operators.status"),
      className: "nowrap",
      render: (_, account) =>
        account.disabledAt ? (
          <Tooltip title={formatTime(account.disabledAt, locale)}>
            <Badge status="error" text={t("operators.disabled")} />
          </Tooltip>
        ) : (
          <Badge status="processing" text={t("operators.active")} />
        ),
    },
    {
      title: t("operators.createdAt"),
      dataIndex: "createdAt",
      render: (at: string) => <span className="tabular">{formatTime(at, locale)}</span>,
    },
    {
      title: t("review.actions"),
      align: "right",
      render: (_, account) => {
        // Nobody changes their own role, disables themselves or resets their own authenticator.
        const self = account.id === me?.id;
        return (
          <Space size="small" data-testid={`operator-actions-${account.username}`}>
            <Button size="small" disabled={self} onClick={() => setChangingRole(account)}>
              {t("operators.changeRole")}
            </Button>
            {account.disabledAt ? (
              <Button size="small" disabled={self} onClick={() => setActing({ account, action: "enable" })}>
                {t("operators.actions.enable.button")}
              </Button>
            ) : (
              <Button
                size="small"
                danger
                disabled={self}
                onClick={() => setActing({ account, action: "disable" })}
              >
                {t("operators.actions.disable.button")}
              </Button>
            )}
            <Button
              size="small"
              danger
              disabled={self || !account.totpEnrolledAt}
              onClick={() => setActing({ account, action: "reset-totp" })}
            >
              {t("operators.actions.resetTotp.button")}
            </Button>
          </Space>
        );
      },
    },
  ];

  const actingKey = acting ? ACTION_KEYS[acting.action] : null;
  return (
    <>
      <PageHeader
        title={t("nav.operators")}
        extra={
          <Button
            type="primary"
            icon={<UserAddOutlined />}
            onClick={() => setCreating(true)}
            data-testid="operator-add"
          >
            {t("operators.add")}
          </Button>
        }
      />
      <RoleChanges changes={changes.data?.items ?? []} error={changes.error} usernames={usernames} />
      <Card>
        <PagedTable<OperatorAccount>
          query={page}
          paging={paging}
          empty={t("table.empty")}
          columns={columns}
          scroll={{ x: "max-content" }}
          data-testid="operators-table"
        />
      </Card>
      <CreateOperatorModal open={creating} onClose={() => setCreating(false)} />
      <ChangeRoleModal account={changingRole} onClose={() => setChangingRole(null)} />
      <RejectReasonModal
        open={acting !== null}
        title={
          acting && actingKey
            ? t(`operators.actions.${actingKey}.title`, { username: acting.account.username })
            : ""
        }
        subject={actingKey ? t(`operators.actions.${actingKey}.text`) : ""}
        okText={actingKey ? t(`operators.actions.${actingKey}.button`) : undefined}
        danger={acting?.action !== "enable"}
        pending={act.isPending}
        error={act.error}
        onSubmit={submitAction}
        onCancel={() => {
          setActing(null);
          act.reset();
        }}
      />
    </>
  );
}
