import { LockOutlined, UserOutlined } from "@ant-design/icons";
import type { OperatorLoginChallenge, OperatorLoginRequest } from "@tickfair/contract";
import { Alert, Button, Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { useLogin } from "../../api/auth";
import { useDescribeError } from "../../api/use-describe-error";

/** Step one: username and password, answered with the second factor's challenge. */
export function PasswordStep({ onChallenge }: { onChallenge: (challenge: OperatorLoginChallenge) => void }) {
  const { t } = useTranslation();
  const login = useLogin();
  const describe = useDescribeError();

  return (
    <Form<OperatorLoginRequest>
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => login.mutate(values, { onSuccess: onChallenge })}
      // A new attempt hides the last answer's error.
      onValuesChange={() => login.reset()}
    >
      <Form.Item
        name="username"
        label={t("signIn.username")}
        rules={[{ required: true, whitespace: true, message: t("signIn.usernameRequired") }]}
      >
        <Input
          prefix={<UserOutlined />}
          autoComplete="username"
          autoFocus
          maxLength={64}
          data-testid="sign-in-username"
        />
      </Form.Item>
      <Form.Item
        name="password"
        label={t("signIn.password")}
        rules={[{ required: true, message: t("signIn.passwordRequired") }]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          autoComplete="current-password"
          maxLength={128}
          data-testid="sign-in-password"
        />
      </Form.Item>
      {login.isError && <Alert type="error" showIcon message={describe(login.error)} className="stack-gap" />}
      <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="sign-in-submit">
        {t("signIn.next")}
      </Button>
    </Form>
  );
}
