import type { SavingsOverview, SavingsRateEntry } from "@tickfair/contract";
import { annualRateToPpm, formatMoney, incomePerTenThousand } from "@tickfair/contract";
import {
  Card,
  Col,
  Divider,
  Empty,
  Row,
  Statistic,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from "antd";
import { useTranslation } from "react-i18next";
import { formatAnnualRate, formatDate, formatTime } from "../../lib/format";

const PAGE_SIZE = 5;

/** Today's rate, the next one if scheduled, and every rate with who set it (newest effective date first). */
export function RatesCard({ overview }: { overview: SavingsOverview }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { rate, upcomingRate, today } = overview;
  const perTenThousand = formatMoney(incomePerTenThousand(annualRateToPpm(rate.annualRate)), locale);

  const columns: TableColumnsType<SavingsRateEntry> = [
    {
      title: t("savings.rate.effectiveFrom"),
      dataIndex: "effectiveFrom",
      render: (date: string) => (
        <span className="nowrap">
          <span className="tabular">{formatDate(date, locale)}</span>
          {date > today ? (
            <Tag color="processing" bordered={false} className="gap-before-xs">
              {t("savings.rate.scheduled")}
            </Tag>
          ) : date === rate.effectiveFrom ? (
            <Tag color="success" bordered={false} className="gap-before-xs">
              {t("savings.rate.inForce")}
            </Tag>
          ) : null}
        </span>
      ),
    },
    {
      title: t("savings.rate.annualRate"),
      dataIndex: "annualRate",
      align: "right",
      render: (value: string) => <span className="tabular">{formatAnnualRate(value, locale)}</span>,
    },
    {
      title: t("savings.rate.setBy"),
      dataIndex: "setBy",
      className: "nowrap",
      render: (setBy: string | null) =>
        setBy ?? <Typography.Text type="secondary">{t("savings.rate.system")}</Typography.Text>,
    },
    {
      title: t("savings.rate.setAt"),
      dataIndex: "setAt",
      render: (at: string) => <span className="tabular">{formatTime(at, locale)}</span>,
    },
  ];

  return (
    <Card title={t("savings.rate.title")} className="fill-height" data-testid="savings-rates">
      <Row gutter={[24, 16]}>
        <Col xs={24} sm={12} className="savings-figure">
          <Statistic
            title={t("savings.rate.today")}
            value={formatAnnualRate(rate.annualRate, locale)}
            formatter={() => formatAnnualRate(rate.annualRate, locale)}
            data-testid="savings-rate-today"
          />
          <Typography.Text type="secondary" className="tabular">
            {t("savings.rate.perTenThousand", { amount: perTenThousand })}
          </Typography.Text>
        </Col>
        <Col xs={24} sm={12} className="savings-figure" data-testid="savings-rate-upcoming">
          {upcomingRate ? (
            <>
              <Statistic
                title={t("savings.rate.upcoming")}
                value={formatAnnualRate(upcomingRate.annualRate, locale)}
                formatter={() => formatAnnualRate(upcomingRate.annualRate, locale)}
              />
              <Typography.Text type="secondary" className="tabular">
                {t("savings.rate.upcomingFrom", { date: formatDate(upcomingRate.effectiveFrom, locale) })}
              </Typography.Text>
            </>
          ) : (
            <Statistic
              title={t("savings.rate.upcoming")}
              value={t("savings.rate.noUpcoming")}
              formatter={() => t("savings.rate.noUpcoming")}
              className="figure-small"
            />
          )}
        </Col>
      </Row>
      <Divider orientation="left" orientationMargin={0} plain>
        {t("savings.rate.history")}
      </Divider>
      <Table<SavingsRateEntry>
        rowKey={(entry) => `${entry.effectiveFrom}-${entry.setAt}`}
        size="small"
        columns={columns}
        dataSource={overview.rates}
        pagination={{ pageSize: PAGE_SIZE, hideOnSinglePage: true, showSizeChanger: false, size: "small" }}
        scroll={{ x: "max-content" }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("table.empty")} />,
        }}
        data-testid="savings-rate-history"
      />
    </Card>
  );
}
