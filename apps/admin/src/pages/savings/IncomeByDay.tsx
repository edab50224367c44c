import type { SavingsIncomeDay } from "@tickfair/contract";
import { formatMoney } from "@tickfair/contract";
import { Card, Empty, Table, type TableColumnsType, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { formatCount, formatDate } from "../../lib/format";

/** Ten days a page: the newest days, where a gap in the accrual would show, come first. */
const PAGE_SIZE = 10;

/** The income paid to all savers for each of the last 30 days, as the accrual recorded it. */
export function IncomeByDay({ days }: { days: SavingsIncomeDay[] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const newestFirst = [...days].sort((a, b) => b.date.localeCompare(a.date));

  const columns: TableColumnsType<SavingsIncomeDay> = [
    {
      title: t("savings.income.date"),
      dataIndex: "date",
      render: (date: string) => <span className="tabular">{formatDate(date, locale)}</span>,
    },
    {
      title: t("savings.income.income"),
      dataIndex: "income",
      align: "right",
      render: (amount: string) => <span className="tabular">{formatMoney(amount, locale)}</span>,
    },
    {
      title: t("savings.income.savers"),
      dataIndex: "savers",
      align: "right",
      render: (savers: number) => <span className="tabular">{formatCount(savers, locale)}</span>,
    },
    {
      title: t("savings.income.perTenThousand"),
      dataIndex: "incomePerTenThousand",
      align: "right",
      render: (amount: string) => <span className="tabular">{formatMoney(amount, locale)}</span>,
    },
  ];

  return (
    <Card
      title={t("savings.income.title")}
      extra={<Typography.Text type="secondary">{t("savings.income.last30")}</Typography.Text>}
      className="fill-height"
    >
      <Table<SavingsIncomeDay>
        rowKey="date"
        size="small"
        columns={columns}
        dataSource={newestFirst}
        pagination={{ pageSize: PAGE_SIZE, hideOnSinglePage: true, showSizeChanger: false, size: "small" }}
        scroll={{ x: "max-content" }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("savings.income.empty")} />,
        }}
        data-testid="savings-income"
      />
    </Card>
  );
}
