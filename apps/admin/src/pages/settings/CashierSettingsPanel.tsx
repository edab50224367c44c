import type { CashierSettings, ControlChange } from "@tickfair/contract";
import { CASHIER_SETTING_MAX, formatMoney, toMinor } from "@tickfair/contract";
import { Alert, App, Button, Card, Col, Empty, Flex, Form, InputNumber, Row, Skeleton } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import {
  useCashierSettings,
  useControlChanges,
  useDecideCashierChange,
  useSaveCashierSettings,
} from "../../api/settings";
import { useDescribeError } from "../../api/use-describe-error";
import { type ChangeRow, ControlChangeCard } from "../../components/ControlChangeCard/ControlChangeCard";
import { MoneyInput } from "../../components/MoneyInput/MoneyInput";
import {
  CASHIER_SETTING_FIELDS,
  type CashierSettingField,
  cashierChanges,
  cashierWeakenings,
  isMoneyInput,
  normaliseMoney,
} from "../../lib/controls";
import { formatBps } from "../../lib/format";
import { holds } from "../../lib/permissions";
import { useSession } from "../../store/session";

type Values = Omit<CashierSettings, "withdrawalFeeRateBps"> & { withdrawalFeeRateBps: number | null };

const SUBJECT = "cashier_settings";

/** A field's value for people: an amount in the locale's format, the rate as a percentage. */
function shown(field: CashierSettingField, settings: Record<string, unknown>, locale: string): string {
  const value = settings[field];
  if (field === "withdrawalFeeRateBps") return typeof value === "number" ? formatBps(value, locale) : "—";
  return typeof value === "string" ? formatMoney(value, locale) : "—";
}

/**
 * The withdrawal fee, the minimum withdrawal and the deposit threshold above which a second operator
 * confirms. A change that weakens any of them is only proposed: another admin approves or rejects it
 * below, and the proposer sees it waiting.
 */
export function CashierSettingsPanel() {
  const { t, i18n } = useTranslation();
  const { modal, message } = App.useApp();
  const describe = useDescribeError();
  const operator = useSession((state) => state.operator);
  const settings = useCashierSettings();
  const save = useSaveCashierSettings();
  const decide = useDecideCashierChange();
  const pending = useControlChanges(
    { status: "pending", subject: SUBJECT, cursor: undefined, limit: 20 },
    { enabled: holds(operator, "controlChanges.read") },
  );
  const [form] = Form.useForm<Values>();
  const locale = i18n.language;
  const label = (field: CashierSettingField) => t(`settings.cashier.fields.${field}`);

  useEffect(() => {
    if (settings.data) form.setFieldsValue(settings.data);
  }, [settings.data, form]);

  const send = async (next: CashierSettings) => {
    try {
      const outcome = await save.mutateAsync(next);
      if ("proposed" in outcome) {
        message.info(t("settings.cashier.proposed"));
        if (settings.data) form.setFieldsValue(settings.data);
      } else {
        message.success(t("settings.cashier.saved"));
      }
    } catch (error) {
      message.error(describe(error));
    }
  };

  const submit = (values: Values) => {
    const current = settings.data;
    if (!current) return;
    const next: CashierSettings = {
      withdrawalFeeFixed: normaliseMoney(values.withdrawalFeeFixed),
      withdrawalFeeRateBps: values.withdrawalFeeRateBps ?? 0,
      withdrawalMinAmount: normaliseMoney(values.withdrawalMinAmount),
      depositSecondApprovalAbove: normaliseMoney(values.depositSecondApprovalAbove),
    };
    const changed = cashierChanges(current, next);
    if (changed.length === 0) return void message.info(t("settings.cashier.unchanged"));
    const weakens = cashierWeakenings(current, next);
    const lines = changed.map((field) =>
      t(weakens.includes(field) ? "settings.cashier.changeLineWeakens" : "settings.cashier.changeLine", {
        field: label(field),
        before: shown(field, current, locale),
        after: shown(field, next, locale),
      }),
    );
    modal.confirm({
      title: weakens.length > 0 ? t("settings.cashier.proposeTitle") : t("settings.cashier.saveTitle"),
      width: 560,
      content: (
        <Flex vertical gap={8}>
          <ul className="bullets tabular">
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <span>
            {weakens.length > 0 ? t("settings.cashier.proposeText") : t("settings.cashier.saveText")}
          </span>
        </Flex>
      ),
      okText: weakens.length > 0 ? t("settings.cashier.propose") : t("settings.cashier.save"),
      cancelText: t("common.cancel"),
      onOk: () => send(next),
    });
  };

  const rowsOf = (change: ControlChange): ChangeRow[] =>
    CASHIER_SETTING_FIELDS.filter(
      (field) =>
        change.weakens.includes(field) || String(change.base[field]) !== String(change.proposed[field]),
    ).map((field) => ({
      key: field,
      label: label(field),
      before: shown(field, change.base, locale),
      after: shown(field, change.proposed, locale),
      weakens: change.weakens.includes(field),
    }));

  const money = (field: CashierSettingField, positive: boolean) => ({
    validator: (_: unknown, value: string | undefined) =>
      value !== undefined &&
      isMoneyInput(value, { positive }) &&
      toMinor(normaliseMoney(value)) <= toMinor(CASHIER_SETTING_MAX)
        ? Promise.resolve()
        : Promise.reject(new Error(t("settings.cashier.amountInvalid", { field: label(field) }))),
  });
  const moneyItem = (field: Exclude<CashierSettingField, "withdrawalFeeRateBps">, positive: boolean) => (
    <Form.Item
      name={field}
      label={label(field)}
      rules={[money(field, positive)]}
      extra={t(`settings.cashier.help.${field}`)}
    >
      <MoneyInput data-testid={`cashier-${field}`} />
    </Form.Item>
  );

  return (
    <Flex vertical gap={16}>
      <Card title={t("settings.cashier.title")}>
        {settings.isError && <Alert type="error" showIcon message={describe(settings.error)} />}
        {settings.isPending && <Skeleton active />}
        {settings.data && (
          <Form<Values>
            form={form}
            layout="vertical"
            requiredMark={false}
            onFinish={submit}
            className="cashier-settings__form"
          >
            <Row gutter={24}>
              <Col xs={24} md={12}>
                {moneyItem("withdrawalFeeFixed", false)}
              </Col>
              <Col xs={24} md={12}>
                <Form.Item
                  name="withdrawalFeeRateBps"
                  label={label("withdrawalFeeRateBps")}
                  rules={[
                    {
                      required: true,
                      type: "integer",
                      min: 0,
                      max: 10_000,
                      message: t("settings.cashier.rateInvalid"),
                    },
                  ]}
                  extra={t("settings.cashier.help.withdrawalFeeRateBps")}
                >
                  <InputNumber<number>
                    min={0}
                    max={10_000}
                    precision={0}
                    className="tabular fill-width"
                    addonAfter={t("settings.cashier.bps")}
                    data-testid="cashier-withdrawalFeeRateBps"
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                {moneyItem("withdrawalMinAmount", true)}
              </Col>
              <Col xs={24} md={12}>
                {moneyItem("depositSecondApprovalAbove", false)}
              </Col>
            </Row>
            <Flex gap={8}>
              <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="cashier-save">
                {t("settings.cashier.save")}
              </Button>
              <Button onClick={() => form.setFieldsValue(settings.data)} disabled={save.isPending}>
                {t("settings.cashier.reset")}
              </Button>
            </Flex>
          </Form>
        )}
      </Card>
      {holds(operator, "controlChanges.read") && (
        <Card title={t("settings.cashier.pendingTitle")} data-testid="cashier-pending">
          {pending.isError && <Alert type="error" showIcon message={describe(pending.error)} />}
          {pending.isPending && <Skeleton active />}
          {pending.data && pending.data.items.length === 0 && (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("settings.cashier.pendingEmpty")} />
          )}
          <Flex vertical gap={12}>
            {pending.data?.items.map((change) => (
              <ControlChangeCard
                key={change.id}
                change={change}
                title={t("settings.cashier.changeTitle")}
                rows={rowsOf(change)}
                me={operator?.username}
                mayDecide={holds(operator, "cashierSettings.decide")}
                pending={decide.isPending && decide.variables?.id === change.id}
                onApprove={async () => {
                  await decide.mutateAsync({ id: change.id, decision: { approve: true } });
                }}
                onReject={async (reason) => {
                  await decide.mutateAsync({ id: change.id, decision: { approve: false, reason } });
                }}
              />
            ))}
          </Flex>
        </Card>
      )}
    </Flex>
  );
}
