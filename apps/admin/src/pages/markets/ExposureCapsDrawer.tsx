import type { ControlChange, ProductExposureCaps } from "@tickfair/contract";
import { EXPOSURE_CAP_MAX, formatMoney, toMinor } from "@tickfair/contract";
import { Alert, App, Button, Descriptions, Drawer, Flex, Form, Progress, Skeleton, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useDecideCapsChange, useExposureCaps, useSetExposureCaps } from "../../api/exposure-caps";
import { useDescribeError } from "../../api/use-describe-error";
import { type ChangeRow, ControlChangeCard } from "../../components/ControlChangeCard/ControlChangeCard";
import { MoneyInput } from "../../components/MoneyInput/MoneyInput";
import { ReasonField } from "../../components/ReasonField/ReasonField";
import { CAP_FIELDS, type CapField, capsFromForm, capUsePercent, formLoosens } from "../../lib/caps";
import { isMoneyInput, normaliseMoney } from "../../lib/controls";
import { holds } from "../../lib/permissions";
import { useSession } from "../../store/session";

type Values = Record<CapField, string | undefined> & { reason: string };

const OPEN_OF: Record<CapField, keyof ProductExposureCaps["open"]> = {
  up: "up",
  down: "down",
  perUser: "largestUser",
};

/**
 * A product's exposure caps: for each, what its open contracts would pay if that side won (for the
 * per-user cap, the largest one user's) against the cap, and for an admin the form that changes them.
 * A loosening waits for a second admin, shown here with its approve and reject buttons. Caps refuse new
 * orders only; the drawer says so.
 */
export function ExposureCapsDrawer({ symbol, onClose }: { symbol: string | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const describe = useDescribeError();
  const operator = useSession((state) => state.operator);
  const caps = useExposureCaps();
  const save = useSetExposureCaps();
  const decide = useDecideCapsChange();
  const [form] = Form.useForm<Values>();
  const locale = i18n.language;
  const canManage = holds(operator, "risk.manage");
  const product = caps.data?.items.find((item) => item.symbol === symbol) ?? null;
  const money = (value: string | null) => (value === null ? t("caps.none") : formatMoney(value, locale));
  const label = (field: CapField) => t(`caps.fields.${field}`);

  const close = () => {
    save.reset();
    onClose();
  };

  const submit = async (values: Values) => {
    if (!product) return;
    const next = capsFromForm(values);
    try {
      const outcome = await save.mutateAsync({ symbol: product.symbol, ...next, reason: values.reason });
      if ("proposed" in outcome) message.info(t("caps.proposed"));
      else message.success(t("caps.saved", { symbol: product.symbol }));
      // The form shows the caps in force again: a proposal changes nothing until it is approved.
      const inForce = "proposed" in outcome ? product.caps : outcome.applied;
      form.setFieldsValue({
        up: inForce.up ?? "",
        down: inForce.down ?? "",
        perUser: inForce.perUser ?? "",
        reason: "",
      });
    } catch {
      // Shown under the reason (ReasonField).
    }
  };

  const rowsOf = (change: ControlChange): ChangeRow[] =>
    CAP_FIELDS.filter((field) => change.base[field] !== change.proposed[field]).map((field) => ({
      key: field,
      label: label(field),
      before: money((change.base[field] as string | null) ?? null),
      after: money((change.proposed[field] as string | null) ?? null),
      weakens: change.weakens.includes(field),
    }));

  const capRule = {
    validator: (_: unknown, value: string | undefined) =>
      value === undefined ||
      value.trim() === "" ||
      (isMoneyInput(value) && toMinor(normaliseMoney(value)) <= toMinor(EXPOSURE_CAP_MAX))
        ? Promise.resolve()
        : Promise.reject(new Error(t("caps.amountInvalid"))),
  };

  return (
    <Drawer
      open={symbol !== null}
      title={symbol ? t("caps.title", { symbol }) : ""}
      width={600}
      onClose={close}
      destroyOnHidden
      data-testid="caps-drawer"
    >
      {caps.isError && <Alert type="error" showIcon message={describe(caps.error)} />}
      {caps.isPending && <Skeleton active />}
      {product ? (
        <Flex vertical gap={16}>
          <Alert type="info" showIcon message={t("caps.help")} />
          <Descriptions column={1} size="small" bordered data-testid="caps-usage">
            {CAP_FIELDS.map((field) => {
              const cap = product.caps[field];
              const open = product.open[OPEN_OF[field]];
              const percent = capUsePercent(open, cap);
              return (
                <Descriptions.Item key={field} label={label(field)}>
                  <Flex vertical gap={2} data-testid={`caps-usage-${field}`}>
                    <Typography.Text className="tabular">
                      {t(
                        `caps.${field === "perUser" ? "usageLargest" : "usage"}${cap === null ? "Uncapped" : ""}`,
                        {
                          open: formatMoney(open, locale),
                          cap: money(cap),
                        },
                      )}
                    </Typography.Text>
                    {percent === null ? null : (
                      <Progress
                        percent={percent}
                        size="small"
                        status={percent >= 100 ? "exception" : "normal"}
                        aria-label={label(field)}
                      />
                    )}
                  </Flex>
                </Descriptions.Item>
              );
            })}
          </Descriptions>
          {product.pending ? (
            <ControlChangeCard
              change={product.pending}
              title={t("caps.changeTitle")}
              rows={rowsOf(product.pending)}
              me={operator?.username}
              mayDecide={canManage}
              pending={decide.isPending}
              onApprove={async () => {
                await decide.mutateAsync({ id: product.pending?.id ?? "", decision: { approve: true } });
              }}
              onReject={async (reason) => {
                await decide.mutateAsync({
                  id: product.pending?.id ?? "",
                  decision: { approve: false, reason },
                });
              }}
            />
          ) : null}
          {canManage ? (
            <Form<Values>
              form={form}
              layout="vertical"
              requiredMark={false}
              initialValues={{
                up: product.caps.up ?? "",
                down: product.caps.down ?? "",
                perUser: product.caps.perUser ?? "",
              }}
              onFinish={submit}
              data-testid="caps-form"
            >
              {CAP_FIELDS.map((field) => (
                <Form.Item
                  key={field}
                  name={field}
                  label={label(field)}
                  rules={[capRule]}
                  extra={t(`caps.fieldHelp.${field}`)}
                >
                  <MoneyInput data-testid={`caps-${field}`} />
                </Form.Item>
              ))}
              <Typography.Paragraph type="secondary" className="caption">
                {t("caps.looseningHelp")}
              </Typography.Paragraph>
              <ReasonField testIdPrefix="caps" rows={2} error={save.error} />
              <Form.Item noStyle shouldUpdate>
                {() => {
                  const loosens = formLoosens(product.caps, form.getFieldsValue([...CAP_FIELDS]));
                  return (
                    <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="caps-save">
                      {loosens ? t("caps.propose") : t("caps.save")}
                    </Button>
                  );
                }}
              </Form.Item>
            </Form>
          ) : null}
        </Flex>
      ) : null}
    </Drawer>
  );
}
