import type { OperatorAccount, OperatorRole } from "@tickfair/contract";
import { Alert, App, Form, Modal, Select, Typography } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useChangeRole, useRoles } from "../../api/operators";
import { SubmitError } from "../../components/SubmitError/SubmitError";
import { roleChangeGrants } from "../../lib/controls";
import { ROLES } from "./roles";

/**
 * A new role for an operator. One that grants any permission the old lacked is only proposed (a
 * second admin approves it); one that only takes permissions away applies at once. The dialog says
 * which before it is sent.
 */
export function ChangeRoleModal({
  account,
  onClose,
}: {
  account: OperatorAccount | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const roles = useRoles();
  const change = useChangeRole();
  const [form] = Form.useForm<{ role: OperatorRole }>();
  const role = Form.useWatch("role", form);

  useEffect(() => {
    if (account) form.setFieldsValue({ role: account.role });
  }, [account, form]);

  const grants =
    account && role && roles.data ? roleChangeGrants(roles.data.items, account.role, role) : null;

  const submit = ({ role: next }: { role: OperatorRole }) => {
    if (!account) return;
    if (next === account.role) return onClose();
    change.mutate(
      { id: account.id, role: next },
      {
        onSuccess: (outcome) => {
          if ("proposed" in outcome)
            message.info(t("operators.roleProposed", { username: account.username }));
          else message.success(t("operators.roleChanged", { username: account.username }));
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open={account !== null}
      title={account ? t("operators.roleTitle", { username: account.username }) : ""}
      okText={grants ? t("operators.proposeRole") : t("operators.changeRole")}
      okButtonProps={{ loading: change.isPending, disabled: !account || role === account.role }}
      cancelText={t("common.cancel")}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={() => change.reset()}
      destroyOnHidden
    >
      {account && (
        <Typography.Paragraph type="secondary">
          {t("operators.roleNow", { role: t(`roles.${account.role}`) })}
        </Typography.Paragraph>
      )}
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="role" label={t("operators.newRole")}>
          <Select
            options={ROLES.map((value) => ({ value, label: t(`roles.${value}`) }))}
            data-testid="role-select"
          />
        </Form.Item>
      </Form>
      {grants !== null && account && role !== account.role && (
        <Alert
          type={grants ? "warning" : "info"}
          showIcon
          message={grants ? t("operators.roleGrants") : t("operators.roleTakesAway")}
          className={change.isError ? "stack-gap-sm" : undefined}
        />
      )}
      <SubmitError form={form} error={change.error} />
    </Modal>
  );
}
