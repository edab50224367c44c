import type { SavingsOverview, SavingsSettings } from "@tickfair/contract";
import { formatMoney } from "@tickfair/contract";
import { App, Button, Card, Col, Flex, Form, Input, InputNumber, Row, Typography } from "antd";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useSaveSavingsSettings } from "../../api/savings";
import { MoneyInput } from "../../components/MoneyInput/MoneyInput";
import { ReasonField } from "../../components/ReasonField/ReasonField";
import { formatCount } from "../../lib/format";
import {
  CUT_OFF_PATTERN,
  isLimitAmountInput,
  type LimitField,
  type LimitsValues,
  limitChanges,
  limitsFormValues,
  limitsSettings,
  limitValue,
  MOVE_KINDS,
  type MoveKind,
  minNotAboveMax,
} from "../../lib/savings-form";
import { useConfirmChange } from "./confirm-change";

type Values = LimitsValues & { reason: string };
type Part = "perDay" | "min" | "max";
const PARTS: readonly Part[] = ["perDay", "min", "max"];

/**
 * The moves in and out as a grid, a row per kind and a column per limit: the same shape whether the
 * cells are the settings (to read) or inputs (to change), so both read alike.
 */
function LimitsGrid({ cell }: { cell: (kind: MoveKind, part: Part) => ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="savings-limits" data-testid="savings-limits-grid">
      <Row gutter={16} className="stack-gap-xs">
        <Col span={6} />
        {PARTS.map((part) => (
          <Col key={part} span={6}>
            <Typography.Text type="secondary">{t(`savings.limits.${part}`)}</Typography.Text>
          </Col>
        ))}
      </Row>
      {MOVE_KINDS.map((kind) => (
        <Row key={kind} gutter={16} align="top">
          <Col span={6} className="savings-limits__line">
            <Typography.Text strong>{t(`savings.limits.${kind}`)}</Typography.Text>
          </Col>
          {PARTS.map((part) => (
            <Col key={part} span={6} className="savings-limits__cell">
              {cell(kind, part)}
            </Col>
          ))}
        </Row>
      ))}
    </div>
  );
}

/** The cut-off and the limits on moves in and out: a form for an admin, the settings for everyone else. */
export function LimitsCard({ overview, canManage }: { overview: SavingsOverview; canManage: boolean }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirmChange();
  const save = useSaveSavingsSettings();
  const [form] = Form.useForm<Values>();
  const locale = i18n.language;
  const current = overview.settings;
  const label = (field: LimitField) => t(`savings.limits.fields.${field}`);

  useEffect(() => {
    form.setFieldsValue(limitsFormValues(current));
  }, [current, form]);

  /** A setting for people: the time as it is (24-hour), a count, an amount in the locale's format. */
  const shown = (settings: SavingsSettings, field: LimitField): string => {
    const value = limitValue(settings, field);
    if (field === "cutOff") return String(value);
    if (typeof value === "number") return formatCount(value, locale);
    return formatMoney(value, locale);
  };

  const send = async (next: SavingsSettings, reason: string) => {
    try {
      await save.mutateAsync({ ...next, reason });
      message.success(t("savings.limits.saved"));
      form.resetFields(["reason"]);
    } catch {
      // Shown under the form (ReasonField), in the console's language, until the next attempt.
    }
  };

  const submit = (values: Values) => {
    save.reset();
    const next = limitsSettings(values);
    const changed = limitChanges(current, next);
    if (changed.length === 0) return void message.info(t("savings.limits.unchanged"));
    confirm({
      title: t("savings.limits.confirmTitle"),
      width: 560,
      testId: "savings-limits-confirm",
      okText: t("savings.limits.save"),
      onOk: () => send(next, values.reason.trim()),
      body: (
        <>
          <ul className="bullets tabular">
            {changed.map((field) => (
              <li key={field}>
                {t("savings.limits.changeLine", {
                  field: label(field),
                  before: shown(current, field),
                  after: shown(next, field),
                })}
              </li>
            ))}
          </ul>
          <span>{t("savings.limits.confirmText")}</span>
        </>
      ),
    });
  };

  const cutOffHelp = t("savings.limits.cutOffHelp", { zone: overview.timeZone });

  if (!canManage) {
    return (
      <Card
        title={t("savings.limits.title")}
        extra={<Typography.Text type="secondary">{t("savings.limits.readOnly")}</Typography.Text>}
        data-testid="savings-limits"
      >
        <Flex vertical gap={4} className="stack-gap">
          <Typography.Text type="secondary">{label("cutOff")}</Typography.Text>
          <Typography.Text strong className="tabular" data-testid="savings-cutoff">
            {current.cutOff}
          </Typography.Text>
          <Typography.Text type="secondary">{cutOffHelp}</Typography.Text>
        </Flex>
        <LimitsGrid
          cell={(kind, part) => (
            <span className="tabular savings-limits__line">{shown(current, `${kind}.${part}`)}</span>
          )}
        />
      </Card>
    );
  }

  const amountRule = {
    validator: (_: unknown, value: string | undefined) =>
      isLimitAmountInput(value)
        ? Promise.resolve()
        : Promise.reject(new Error(t("savings.limits.amountInvalid"))),
  };
  const input = (kind: MoveKind, part: Part) => {
    const name = [kind, part];
    const aria = label(`${kind}.${part}`);
    if (part === "perDay")
      return (
        <Form.Item
          name={name}
          rules={[
            { required: true, type: "integer", min: 0, max: 100, message: t("savings.limits.perDayInvalid") },
          ]}
        >
          <InputNumber<number>
            min={0}
            max={100}
            precision={0}
            className="tabular fill-width"
            aria-label={aria}
            data-testid={`savings-${kind}-perDay`}
          />
        </Form.Item>
      );
    return (
      <Form.Item
        name={name}
        dependencies={part === "max" ? [[kind, "min"]] : undefined}
        rules={[
          amountRule,
          ...(part === "max"
            ? [
                ({ getFieldValue }: { getFieldValue: (path: string[]) => unknown }) => ({
                  validator: (_: unknown, max: string | undefined) => {
                    const min = getFieldValue([kind, "min"]);
                    return minNotAboveMax(typeof min === "string" ? min : undefined, max)
                      ? Promise.resolve()
                      : Promise.reject(new Error(t("savings.limits.maxBelowMin")));
                  },
                }),
              ]
            : []),
        ]}
      >
        <MoneyInput aria-label={aria} data-testid={`savings-${kind}-${part}`} />
      </Form.Item>
    );
  };

  return (
    <Card title={t("savings.limits.title")} className="fill-height" data-testid="savings-limits">
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ ...limitsFormValues(current), reason: "" }}
        onFinish={submit}
      >
        <Form.Item
          name="cutOff"
          label={label("cutOff")}
          extra={cutOffHelp}
          rules={[
            {
              required: true,
              pattern: CUT_OFF_PATTERN,
              message: t("savings.limits.cutOffInvalid"),
            },
          ]}
        >
          <Input
            placeholder="15:00"
            maxLength={5}
            className="tabular savings-limits__cutoff"
            data-testid="savings-cutoff"
          />
        </Form.Item>
        <LimitsGrid cell={input} />
        <ReasonField testIdPrefix="savings-limits" error={save.error} />
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="savings-limits-save">
            {t("savings.limits.save")}
          </Button>
          <Button onClick={() => form.setFieldsValue(limitsFormValues(current))} disabled={save.isPending}>
            {t("savings.limits.reset")}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
