import { PlusOutlined } from "@ant-design/icons";
import type { DepositMethod } from "@tickfair/contract";
import { formatMoney, LOCALES } from "@tickfair/contract";
import { App, Button, Card, Flex, Switch, type TableColumnsType, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { depositMethodInput, useDepositMethods, useSaveDepositMethod } from "../../api/settings";
import { useDescribeError } from "../../api/use-describe-error";
import { PagedTable } from "../../components/paged-table/PagedTable";
import { DepositMethodDrawer } from "./DepositMethodDrawer";

/** The ways users may pay in: each with its account details, limits and texts in every language. */
export function DepositMethods() {
  const { t, i18n } = useTranslation();
  const { modal, message } = App.useApp();
  const describe = useDescribeError();
  const methods = useDepositMethods();
  const save = useSaveDepositMethod();
  // null: closed; "new": a new method; else the method being edited.
  const [editing, setEditing] = useState<DepositMethod | "new" | null>(null);
  const locale = i18n.language;

  const setActive = (method: DepositMethod, active: boolean) => {
    const apply = async () => {
      try {
        await save.mutateAsync({ id: method.id, input: { ...depositMethodInput(method), active } });
        message.success(active ? t("settings.methods.enabled") : t("settings.methods.disabled"));
      } catch (error) {
        message.error(describe(error));
      }
    };
    if (active) return void apply();
    // Users stop seeing it at once, in the middle of paying perhaps: asked first.
    modal.confirm({
      title: t("settings.methods.disableTitle", { name: method.name }),
      content: t("settings.methods.disableText"),
      okText: t("settings.methods.disable"),
      okButtonProps: { danger: true },
      cancelText: t("common.cancel"),
      onOk: apply,
    });
  };

  const columns: TableColumnsType<DepositMethod> = [
    {
      title: t("settings.methods.name"),
      render: (_, method) => (
        <Flex vertical>
          <Typography.Text strong>{method.name}</Typography.Text>
          <Typography.Text type="secondary">
            {t("settings.methods.languages", {
              n: LOCALES.filter((l) => method.names[l]).length,
              total: LOCALES.length,
            })}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t("settings.methods.kind"),
      className: "nowrap",
      render: (_, method) => <Tag bordered={false}>{t(`settings.methods.kinds.${method.kind}`)}</Tag>,
    },
    {
      title: t("settings.methods.account"),
      render: (_, method) =>
        method.kind === "bank" ? (
          <Flex vertical>
            <span>
              {method.bankName} · {method.accountName}
            </span>
            <span className="mono">{method.accountNumber}</span>
          </Flex>
        ) : (
          <Flex vertical>
            <span>{method.network}</span>
            <span className="mono break-all">{method.address}</span>
          </Flex>
        ),
    },
    {
      title: t("settings.methods.limits"),
      align: "right",
      render: (_, method) => (
        <span className="tabular">
          {formatMoney(method.minAmount, locale)} – {formatMoney(method.maxAmount, locale)}
        </span>
      ),
    },
    {
      title: t("settings.methods.active"),
      className: "nowrap",
      render: (_, method) => (
        <Switch
          checked={method.active}
          loading={save.isPending && save.variables?.id === method.id}
          onChange={(active) => setActive(method, active)}
          aria-label={t("settings.methods.active")}
          data-testid={`method-active-${method.id}`}
        />
      ),
    },
    {
      title: t("review.actions"),
      align: "right",
      render: (_, method) => (
        <Button size="small" onClick={() => setEditing(method)}>
          {t("settings.methods.edit")}
        </Button>
      ),
    },
  ];

  return (
    <Card
      title={t("settings.methods.title")}
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing("new")}
          data-testid="method-add"
        >
          {t("settings.methods.add")}
        </Button>
      }
    >
      <PagedTable<DepositMethod>
        query={methods}
        empty={t("settings.methods.empty")}
        columns={columns}
        data-testid="methods-table"
      />
      <DepositMethodDrawer
        method={editing === "new" ? null : editing}
        open={editing !== null}
        onClose={() => setEditing(null)}
      />
    </Card>
  );
}
