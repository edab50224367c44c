import { CopyOutlined } from "@ant-design/icons";
import { copyText } from "@tickfair/browser/clipboard";
import type { CreateOperatorResponse, OperatorRole } from "@tickfair/contract";
import { Alert, App, Button, Descriptions, Flex, Form, Input, Modal, Select, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCreateOperator } from "../../api/operators";
import { SubmitError } from "../../components/SubmitError/SubmitError";
import { ROLES } from "./roles";

interface Values {
  username: string;
  role: OperatorRole;
}

/**
 * A new operator: username and role, then the generated password, shown this once to hand over. The
 * operator enrols their authenticator at the first sign-in. An admin starts as support: the admin
 * role is a change another admin approves, and the result says so.
 */
export function CreateOperatorModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const create = useCreateOperator();
  const [form] = Form.useForm<Values>();
  const [created, setCreated] = useState<CreateOperatorResponse | null>(null);

  const close = () => {
    onClose();
    setCreated(null);
    create.reset();
  };

  const copy = async (password: string) => {
    if (await copyText(password)) message.success(t("common.copied"));
    else message.error(t("operators.copyFailed"));
  };

  if (created) {
    return (
      <Modal
        open={open}
        title={t("operators.createdTitle", { username: created.operator.username })}
        closable={false}
        maskClosable={false}
        keyboard={false}
        footer={
          <Button type="primary" onClick={close} data-testid="created-done">
            {t("operators.passwordKept")}
          </Button>
        }
      >
        <Flex vertical gap={16}>
          <Alert type="warning" showIcon message={t("operators.passwordOnce")} />
          <Descriptions column={1} bordered size="small" classNames={{ label: "label-column" }}>
            <Descriptions.Item label={t("operators.username")}>{created.operator.username}</Descriptions.Item>
            <Descriptions.Item label={t("operators.password")}>
              <Flex justify="space-between" align="center" gap={8}>
                <Typography.Text code className="mono" data-testid="created-password">
                  {created.password}
                </Typography.Text>
                <Button size="small" icon={<CopyOutlined />} onClick={() => void copy(created.password)}>
                  {t("common.copy")}
                </Button>
              </Flex>
            </Descriptions.Item>
            <Descriptions.Item label={t("operators.role")}>
              {t(`roles.${created.operator.role}`)}
            </Descriptions.Item>
          </Descriptions>
          {created.roleChange && (
            <Alert
              type="info"
              showIcon
              message={t("operators.adminPendingTitle")}
              description={t("operators.adminPendingText", { role: t(`roles.${created.operator.role}`) })}
              data-testid="created-role-pending"
            />
          )}
          <Typography.Text type="secondary">{t("operators.firstSignIn")}</Typography.Text>
        </Flex>
      </Modal>
    );
  }

  return (
    <Modal
      open={open}
      title={t("operators.createTitle")}
      okText={t("operators.create")}
      okButtonProps={{ loading: create.isPending }}
      cancelText={t("common.cancel")}
      cancelButtonProps={{ disabled: create.isPending }}
      onOk={() => form.submit()}
      onCancel={close}
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ role: "support" }}
        onFinish={(values) =>
          create.mutate({ username: values.username.trim(), role: values.role }, { onSuccess: setCreated })
        }
      >
        <Form.Item
          name="username"
          label={t("operators.username")}
          extra={t("operators.usernameHelp")}
          rules={[{ required: true, pattern: /^\s*\w{3,32}\s*$/, message: t("operators.usernameInvalid") }]}
        >
          <Input maxLength={32} autoComplete="off" autoFocus data-testid="create-username" />
        </Form.Item>
        <Form.Item name="role" label={t("operators.role")}>
          <Select
            options={ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
            data-testid="create-role"
          />
        </Form.Item>
      </Form>
      <SubmitError form={form} error={create.error} />
    </Modal>
  );
}
