import type { ControlChange } from "@tickfair/contract";
import { Alert, Card, Flex } from "antd";
import { useTranslation } from "react-i18next";
import { useDecideRoleChange } from "../../api/operators";
import { useDescribeError } from "../../api/use-describe-error";
import { ControlChangeCard } from "../../components/ControlChangeCard/ControlChangeCard";
import { useSession } from "../../store/session";
import { roleChangeValue } from "./roles";

interface Props {
  changes: ControlChange[];
  error: unknown;
  /** Usernames by operator id, of the operators on screen; others are named by their id. */
  usernames: ReadonlyMap<string, string>;
}

/** Role changes that grant permissions, waiting for a second admin: shown only while there are some. */
export function RoleChanges({ changes, error, usernames }: Props) {
  const { t } = useTranslation();
  const describe = useDescribeError();
  const operator = useSession((state) => state.operator);
  const decide = useDecideRoleChange();
  if (!error && changes.length === 0) return null;

  const roleName = (role: string | null) => (role ? t(`roles.${role as "admin"}`) : "—");

  return (
    <Card title={t("operators.pendingTitle")} className="stack-gap" data-testid="role-changes">
      {error ? <Alert type="error" showIcon message={describe(error)} /> : null}
      <Flex vertical gap={12}>
        {changes.map((change) => {
          const base = roleChangeValue(change.base);
          const proposed = roleChangeValue(change.proposed);
          const name = usernames.get(proposed.operatorId) ?? `#${proposed.operatorId}`;
          return (
            <ControlChangeCard
              key={change.id}
              change={change}
              title={t("operators.pendingChange", {
                username: name,
                from: roleName(base.role),
                to: roleName(proposed.role),
              })}
              rows={[
                {
                  key: "role",
                  label: t("operators.role"),
                  before: roleName(base.role),
                  after: roleName(proposed.role),
                  weakens: true,
                },
              ]}
              me={operator?.username}
              mayDecide
              notForYou={proposed.operatorId === operator?.id ? t("operators.aboutYou") : undefined}
              pending={decide.isPending && decide.variables?.id === change.id}
              onApprove={async () => {
                await decide.mutateAsync({ id: change.id, approve: true });
              }}
              onReject={async (reason) => {
                await decide.mutateAsync({ id: change.id, approve: false, reason });
              }}
            />
          );
        })}
      </Flex>
    </Card>
  );
}
