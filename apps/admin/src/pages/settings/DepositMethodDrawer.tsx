import type { DepositMethod, DepositMethodInput, Locale } from "@tickfair/contract";
import { DEFAULT_LOCALE, LOCALE_NAMES, LOCALES, toMinor } from "@tickfair/contract";
import { App, Col, Divider, Form, Input, Radio, Row, Switch, Tabs } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useSaveDepositMethod } from "../../api/settings";
import { FormDrawer } from "../../components/FormDrawer/FormDrawer";
import { MoneyInput } from "../../components/MoneyInput/MoneyInput";
import { SubmitError } from "../../components/SubmitError/SubmitError";
import { isMoneyInput, normaliseMoney } from "../../lib/controls";

type Texts = Partial<Record<Locale, string>>;

interface Values {
  kind: DepositMethod["kind"];
  bankName: string;
  accountName: string;
  accountNumber: string;
  network: string;
  address: string;
  minAmount: string;
  maxAmount: string;
  names: Texts;
  instructions: Texts;
  active: boolean;
}

const EMPTY: Values = {
  kind: "bank",
  bankName: "",
  accountName: "",
  accountNumber: "",
  network: "",
  address: "",
  minAmount: "",
  maxAmount: "",
  names: {},
  instructions: {},
  active: true,
};

function valuesOf(method: DepositMethod): Values {
  return {
    kind: method.kind,
    bankName: method.bankName ?? "",
    accountName: method.accountName ?? "",
    accountNumber: method.accountNumber ?? "",
    network: method.network ?? "",
    address: method.address ?? "",
    minAmount: method.minAmount,
    maxAmount: method.maxAmount,
    names: method.names,
    instructions: method.instructionsByLocale,
    active: method.active,
  };
}

/** The texts that were written, trimmed; a language left empty shows the default language's. */
function written(texts: Texts | undefined): Texts {
  const out: Texts = {};
  for (const locale of LOCALES) {
    const text = texts?.[locale]?.trim();
    if (text) out[locale] = text;
  }
  return out;
}

function inputOf(values: Values): DepositMethodInput {
  const bank = values.kind === "bank";
  const field = (value: string, used: boolean) => (used ? value.trim() : null);
  return {
    kind: values.kind,
    names: written(values.names),
    bankName: field(values.bankName, bank),
    accountName: field(values.accountName, bank),
    accountNumber: field(values.accountNumber, bank),
    network: field(values.network, !bank),
    address: field(values.address, !bank),
    instructions: written(values.instructions),
    minAmount: normaliseMoney(values.minAmount),
    maxAmount: normaliseMoney(values.maxAmount),
    active: values.active,
  };
}

interface Props {
  /** The method to edit; null for a new one. */
  method: DepositMethod | null;
  open: boolean;
  onClose: () => void;
}

/** A deposit method's form: kind and account, limits, and its name and instructions per language. */
export function DepositMethodDrawer({ method, open, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useSaveDepositMethod();
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch("kind", form) ?? EMPTY.kind;
  const required = (messageKey: "settings.methods.required") => ({
    required: true,
    whitespace: true,
    message: t(messageKey),
  });
  const money = {
    validator: (_: unknown, value: string | undefined) =>
      !value || isMoneyInput(value, { positive: true })
        ? Promise.resolve()
        : Promise.reject(new Error(t("settings.methods.amountInvalid"))),
  };

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(method ? valuesOf(method) : EMPTY);
    save.reset();
  }, [open, method, form, save.reset]);

  const submit = async (values: Values) => {
    try {
      await save.mutateAsync({ id: method?.id ?? null, input: inputOf(values) });
      message.success(t("settings.methods.saved"));
      onClose();
    } catch {
      // The alert above the buttons shows the server's words.
    }
  };

  const text = (name: keyof Values, label: string, max: number, mono = false) => (
    <Form.Item name={name} label={label} rules={[required("settings.methods.required")]}>
      <Input maxLength={max} className={mono ? "mono" : undefined} data-testid={`method-${name}`} />
    </Form.Item>
  );

  return (
    <FormDrawer
      open={open}
      onClose={onClose}
      width={760}
      title={method ? t("settings.methods.editTitle", { name: method.name }) : t("settings.methods.addTitle")}
      testId="method-drawer"
      onSubmit={() => form.submit()}
      pending={save.isPending}
      submitTestId="method-save"
      submitLabel={t("settings.methods.save")}
    >
      <Form<Values> form={form} layout="vertical" initialValues={EMPTY} onFinish={(v) => void submit(v)}>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="kind" label={t("settings.methods.kind")}>
              <Radio.Group optionType="button">
                <Radio value="bank">{t("settings.methods.kinds.bank")}</Radio>
                <Radio value="crypto">{t("settings.methods.kinds.crypto")}</Radio>
              </Radio.Group>
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="active" label={t("settings.methods.active")} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        {kind === "bank" ? (
          <Row gutter={16}>
            <Col span={12}>{text("bankName", t("settings.methods.bankName"), 80)}</Col>
            <Col span={12}>{text("accountName", t("settings.methods.accountName"), 80)}</Col>
            <Col span={24}>{text("accountNumber", t("settings.methods.accountNumber"), 40, true)}</Col>
          </Row>
        ) : (
          <Row gutter={16}>
            <Col span={8}>{text("network", t("settings.methods.network"), 30)}</Col>
            <Col span={16}>{text("address", t("settings.methods.address"), 120, true)}</Col>
          </Row>
        )}
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="minAmount"
              label={t("settings.methods.minAmount")}
              rules={[required("settings.methods.required"), money]}
            >
              <MoneyInput data-testid="method-minAmount" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="maxAmount"
              label={t("settings.methods.maxAmount")}
              dependencies={["minAmount"]}
              rules={[
                required("settings.methods.required"),
                money,
                ({ getFieldValue }) => ({
                  validator: (_, value: string | undefined) => {
                    const min = String(getFieldValue("minAmount") ?? "");
                    if (!value || !isMoneyInput(value) || !isMoneyInput(min)) return Promise.resolve();
                    return toMinor(normaliseMoney(value)) >= toMinor(normaliseMoney(min))
                      ? Promise.resolve()
                      : Promise.reject(new Error(t("settings.methods.maxBelowMin")));
                  },
                }),
              ]}
            >
              <MoneyInput data-testid="method-maxAmount" />
            </Form.Item>
          </Col>
        </Row>
        <Divider orientation="left" orientationMargin={0}>
          {t("settings.methods.names")}
        </Divider>
        <Row gutter={16}>
          {LOCALES.map((locale) => (
            <Col span={12} key={locale}>
              <Form.Item
                name={["names", locale]}
                label={LOCALE_NAMES[locale]}
                rules={locale === DEFAULT_LOCALE ? [required("settings.methods.required")] : []}
                extra={locale === DEFAULT_LOCALE ? t("settings.methods.defaultLanguage") : undefined}
              >
                <Input maxLength={60} lang={locale} data-testid={`method-name-${locale}`} />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Divider orientation="left" orientationMargin={0}>
          {t("settings.methods.instructions")}
        </Divider>
        <Tabs
          size="small"
          items={LOCALES.map((locale) => ({
            key: locale,
            label: LOCALE_NAMES[locale],
            forceRender: true,
            children: (
              <Form.Item name={["instructions", locale]} extra={t("settings.methods.instructionsHelp")}>
                <Input.TextArea rows={4} maxLength={1000} showCount lang={locale} />
              </Form.Item>
            ),
          }))}
        />
      </Form>
      <SubmitError form={form} error={save.error} />
    </FormDrawer>
  );
}
