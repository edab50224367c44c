import type { SavingsOverview, SavingsRateChange } from "@tickfair/contract";
import { annualRateToPpm, formatMoney, incomePerTenThousand } from "@tickfair/contract";
import { Alert, App, Button, Card, Col, Form, Input, Row } from "antd";
import { useTranslation } from "react-i18next";
import { useScheduleSavingsRate } from "../../api/savings";
import { ReasonField } from "../../components/ReasonField/ReasonField";
import { formatAnnualRate, formatDate } from "../../lib/format";
import { firstRateDay, isAfterToday, isRateInput, normaliseRate } from "../../lib/savings-form";
import { useConfirmChange } from "./confirm-change";

interface Values {
  annualRate: string;
  effectiveFrom: string;
  reason: string;
}

/** An admin's form for a rate from a day after today; the confirmation says what 10,000 shares will earn. */
export function ScheduleRateCard({ overview }: { overview: SavingsOverview }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirmChange();
  const schedule = useScheduleSavingsRate();
  const [form] = Form.useForm<Values>();
  const locale = i18n.language;
  const earliest = firstRateDay(overview.today);

  const send = async (change: SavingsRateChange) => {
    try {
      await schedule.mutateAsync(change);
      message.success(
        t("savings.schedule.done", {
          rate: formatAnnualRate(change.annualRate, locale),
          date: formatDate(change.effectiveFrom, locale),
        }),
      );
      form.resetFields(["annualRate", "reason"]);
    } catch {
      // Shown under the form (ReasonField), in the console's language, until the next attempt.
    }
  };

  const submit = (values: Values) => {
    schedule.reset();
    const change: SavingsRateChange = {
      annualRate: normaliseRate(values.annualRate),
      effectiveFrom: values.effectiveFrom,
      reason: values.reason.trim(),
    };
    const replaced = overview.rates.find(
      (entry) => entry.effectiveFrom === change.effectiveFrom && entry.effectiveFrom > overview.today,
    );
    const rate = formatAnnualRate(change.annualRate, locale);
    confirm({
      title: t("savings.schedule.confirmTitle"),
      width: 520,
      testId: "savings-rate-confirm",
      okText: t("savings.schedule.submit"),
      onOk: () => send(change),
      body: (
        <>
          <span className="tabular">
            {t("savings.schedule.confirmText", {
              rate,
              date: formatDate(change.effectiveFrom, locale),
              amount: formatMoney(incomePerTenThousand(annualRateToPpm(change.annualRate)), locale),
            })}
          </span>
          {replaced && (
            <span>
              {t("savings.schedule.replaces", { rate: formatAnnualRate(replaced.annualRate, locale) })}
            </span>
          )}
        </>
      ),
    });
  };

  return (
    <Card title={t("savings.schedule.title")} className="fill-height" data-testid="savings-schedule">
      <Alert type="info" showIcon message={t("savings.schedule.help")} className="stack-gap" />
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ annualRate: "", effectiveFrom: earliest, reason: "" }}
        onFinish={submit}
      >
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="annualRate"
              label={t("savings.schedule.rate")}
              rules={[
                {
                  validator: (_, value: string | undefined) =>
                    value !== undefined && isRateInput(value)
                      ? Promise.resolve()
                      : Promise.reject(new Error(t("savings.schedule.rateInvalid"))),
                },
              ]}
            >
              <Input
                inputMode="decimal"
                addonAfter="%"
                className="tabular"
                placeholder={overview.rate.annualRate}
                data-testid="savings-rate-input"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="effectiveFrom"
              label={t("savings.schedule.effectiveFrom")}
              rules={[
                {
                  validator: (_, value: string | undefined) =>
                    value !== undefined && isAfterToday(value, overview.today)
                      ? Promise.resolve()
                      : Promise.reject(
                          new Error(
                            t("savings.schedule.dateInvalid", { date: formatDate(earliest, locale) }),
                          ),
                        ),
                },
              ]}
            >
              <Input type="date" min={earliest} className="tabular" data-testid="savings-rate-date" />
            </Form.Item>
          </Col>
        </Row>
        <ReasonField testIdPrefix="savings-rate" error={schedule.error} />
        <Button
          type="primary"
          htmlType="submit"
          loading={schedule.isPending}
          data-testid="savings-rate-submit"
        >
          {t("savings.schedule.submit")}
        </Button>
      </Form>
    </Card>
  );
}
