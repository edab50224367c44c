import type { OperatorDashboard } from "@tickfair/contract";
import { formatMoney, toMinor } from "@tickfair/contract";
import { Card, Col, Row, Statistic, Typography, theme } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatCount } from "../../lib/format";
import { signedColour } from "../../lib/market-colours";

interface Figure {
  key: string;
  title: string;
  value: string;
  /** What the figure is made of: counts, the fees inside an amount. */
  note: ReactNode;
  color?: string;
}

/** Today's money through the platform (its own day, PLATFORM_TZ), each amount in the locale's format. */
export function TodayFigures({
  day,
  today,
}: {
  day: OperatorDashboard["day"];
  today: OperatorDashboard["today"];
}) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const locale = i18n.language;
  const money = (amount: string) => formatMoney(amount, locale);
  const count = (value: number) => formatCount(value, locale);
  // The platform's result moves like a price: coloured by the language's convention, as on the phone.
  const houseColour = signedColour(toMinor(today.houseResult), locale);

  const figures: Figure[] = [
    {
      key: "deposits",
      title: t("dashboard.today.depositsConfirmed"),
      value: money(today.depositsConfirmed.amount),
      note: t("dashboard.today.count", { n: count(today.depositsConfirmed.count) }),
    },
    {
      key: "withdrawals",
      title: t("dashboard.today.withdrawalsPaid"),
      value: money(today.withdrawalsPaid.amount),
      note: t("dashboard.today.countAndFees", {
        n: count(today.withdrawalsPaid.count),
        fees: money(today.withdrawalsPaid.fees),
      }),
    },
    {
      key: "stakes",
      title: t("dashboard.today.stakes"),
      value: money(today.stakes.amount),
      note: t("dashboard.today.contracts", { n: count(today.stakes.count) }),
    },
    {
      key: "payouts",
      title: t("dashboard.today.payouts"),
      value: money(today.payouts.amount),
      note: t("dashboard.today.contracts", { n: count(today.payouts.count) }),
    },
    {
      key: "house",
      title: t("dashboard.today.houseResult"),
      value: formatMoney(today.houseResult, locale, { signed: true }),
      note: t("dashboard.today.houseResultNote"),
      ...(houseColour ? { color: houseColour === "red" ? token.colorError : token.colorSuccess } : {}),
    },
    {
      key: "users",
      title: t("dashboard.today.activeUsers"),
      value: count(today.activeUsers),
      note: t("dashboard.today.activeUsersNote"),
    },
  ];

  return (
    <Card
      title={t("dashboard.today.title")}
      extra={
        <Typography.Text type="secondary" className="tabular">
          {t("dashboard.today.day", { date: day.date, zone: day.timeZone })}
        </Typography.Text>
      }
      data-testid="today"
    >
      <Row gutter={[24, 24]}>
        {figures.map((figure) => (
          <Col key={figure.key} xs={24} sm={12} xl={8} className="dashboard-figure">
            <Statistic
              title={figure.title}
              value={figure.value}
              formatter={() => figure.value}
              valueStyle={figure.color ? { color: figure.color } : undefined}
              data-testid={`today-${figure.key}`}
            />
            <Typography.Text type="secondary">{figure.note}</Typography.Text>
          </Col>
        ))}
      </Row>
    </Card>
  );
}
