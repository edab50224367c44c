import type { SavingsOverview } from "@tickfair/contract";
import { formatMoney } from "@tickfair/contract";
import { Card, Col, Row, Statistic, Tag, Typography } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatCount, formatDate } from "../../lib/format";

interface Figure {
  key: string;
  title: string;
  value: string;
  note: ReactNode;
}

/** The shares the platform holds and how far the daily accrual has paid savers. */
export function SavingsFigures({ overview }: { overview: SavingsOverview }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const money = (amount: string) => formatMoney(amount, locale);
  const behind = overview.saversBehind;

  const figures: Figure[] = [
    {
      key: "total",
      title: t("savings.figures.totalShares"),
      value: money(overview.totalShares),
      note: t("savings.figures.sharesNote"),
    },
    {
      key: "confirmed",
      title: t("savings.figures.confirmed"),
      value: money(overview.confirmed),
      note: t("savings.figures.confirmedNote"),
    },
    {
      key: "pending",
      title: t("savings.figures.pending"),
      value: money(overview.pending),
      note: t("savings.figures.pendingNote"),
    },
    {
      key: "savers",
      title: t("savings.figures.savers"),
      value: formatCount(overview.savers, locale),
      note: t("savings.figures.saversNote"),
    },
    {
      key: "accrued",
      title: t("savings.figures.accruedThrough"),
      value: overview.accruedThrough
        ? formatDate(overview.accruedThrough, locale)
        : t("savings.figures.notYet"),
      // Savers behind means the accrual job has not caught up: income owed for a past day is unpaid.
      note:
        behind > 0 ? (
          <Tag color="warning" bordered={false} data-testid="savings-behind">
            {t("savings.figures.saversBehind", { n: formatCount(behind, locale) })}
          </Tag>
        ) : (
          <Tag color="success" bordered={false} data-testid="savings-up-to-date">
            {t("savings.figures.upToDate")}
          </Tag>
        ),
    },
  ];

  return (
    <Card title={t("savings.figures.title")} data-testid="savings-figures">
      <Row gutter={[24, 24]}>
        {figures.map((figure) => (
          <Col key={figure.key} flex="1 1 200px" className="savings-figure">
            <Statistic
              title={figure.title}
              value={figure.value}
              formatter={() => figure.value}
              data-testid={`savings-${figure.key}`}
            />
            {typeof figure.note === "string" ? (
              <Typography.Text type="secondary">{figure.note}</Typography.Text>
            ) : (
              figure.note
            )}
          </Col>
        ))}
      </Row>
    </Card>
  );
}
