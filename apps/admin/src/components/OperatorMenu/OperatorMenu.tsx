import { DownOutlined, LogoutOutlined, StopOutlined, UserOutlined } from "@ant-design/icons";
import { App, Button, Dropdown, Space, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useSignOut } from "../../api/auth";
import { useDescribeError } from "../../api/use-describe-error";
import { SIGN_IN_PATH } from "../../lib/paths";
import { useSession } from "../../store/session";

/** The signed-in operator's name and role, with sign-out and sign-out everywhere. */
export function OperatorMenu() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const operator = useSession((state) => state.operator);
  const signOut = useSignOut();
  const describe = useDescribeError();

  const leave = async (everywhere: boolean) => {
    try {
      await signOut.mutateAsync({ everywhere });
      navigate(SIGN_IN_PATH, { replace: true });
    } catch (error) {
      message.error(describe(error));
    }
  };

  const confirmEverywhere = () =>
    modal.confirm({
      title: t("shell.signOutEverywhereTitle"),
      content: t("shell.signOutEverywhereText"),
      okText: t("shell.signOutEverywhere"),
      okButtonProps: { danger: true },
      cancelText: t("common.cancel"),
      // The dialog stays open with its button loading until the server has answered.
      onOk: () => leave(true),
    });

  if (!operator) return null;
  return (
    <Dropdown
      trigger={["click"]}
      menu={{
        items: [
          { key: "sign-out", icon: <LogoutOutlined />, label: t("shell.signOut") },
          { type: "divider" },
          { key: "everywhere", icon: <StopOutlined />, danger: true, label: t("shell.signOutEverywhere") },
        ],
        onClick: ({ key }) => (key === "everywhere" ? confirmEverywhere() : void leave(false)),
      }}
    >
      <Button type="text" data-testid="operator-menu" loading={signOut.isPending}>
        <Space size={6}>
          <UserOutlined />
          <span data-testid="operator-name">{operator.username}</span>
          <Tag color="blue" bordered={false} className="tag-flush">
            {t(`roles.${operator.role}`)}
          </Tag>
          <DownOutlined className="operator-menu__caret" />
        </Space>
      </Button>
    </Dropdown>
  );
}
