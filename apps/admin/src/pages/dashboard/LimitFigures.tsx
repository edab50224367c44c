import type { LimitKind, LimitPeriod } from "@tickfair/contract";
import { Alert, Card, Col, Row, Skeleton, Statistic, Table, type TableColumnsType, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useLimitFigures } from "../../api/limits";
import { useDescribeError } from "../../api/use-describe-error";
import { formatCount, formatTime } from "../../lib/format";

const HEADLINES = [
  "usersWithLimits",
  "timeOutsInForce",
  "selfExclusionsInForce",
  "looseningsWaiting",
] as const;
const MONEY_LIMITS = ["deposit", "stake", "loss"] as const;
// The contract's LIMIT_PERIODS lives beside its zod schemas, which the console's bundle leaves out.
const PERIODS: readonly LimitPeriod[] = ["day", "7d", "30d"];
type MoneyLimit = (typeof MONEY_LIMITS)[number];

/**
 * How many of the platform's users protect themselves, and how: users with limits in force, breaks
 * running, loosenings waiting their 24 hours, and per kind of limit the users who hold one.
 */
export function LimitFigures() {
  const { t, i18n } = useTranslation();
  const describe = useDescribeError();
  const figures = useLimitFigures();
  const locale = i18n.language;
  const count = (value: number) => formatCount(value, locale);
  const data = figures.data;
  const usersOf = (kind: LimitKind) => data?.byKind.find((entry) => entry.kind === kind)?.users ?? 0;

  const columns: TableColumnsType<{ type: MoneyLimit }> = [
    {
      title: t("limits.figures.limit"),
      dataIndex: "type",
      render: (type: MoneyLimit) => t(`limits.types.${type}`),
    },
    ...PERIODS.map((period) => ({
      title: t(`limits.periods.${period}`),
      key: period,
      align: "right" as const,
      render: (_: unknown, row: { type: MoneyLimit }) => (
        <span className="tabular">{count(usersOf(`${row.type}_${period}`))}</span>
      ),
    })),
  ];

  return (
    <Card
      title={t("limits.figures.title")}
      extra={
        data && (
          <Typography.Text type="secondary" className="tabular">
            {t("limits.figures.computedAt", { at: formatTime(data.computedAt, locale) })}
          </Typography.Text>
        )
      }
      data-testid="limit-figures"
    >
      {figures.isError && <Alert type="error" showIcon message={describe(figures.error)} />}
      {!data && figures.isPending && <Skeleton active paragraph={{ rows: 3 }} />}
      {data && (
        <Row gutter={[24, 24]}>
          <Col xs={24} xl={12}>
            <Row gutter={[24, 24]}>
              {HEADLINES.map((key) => (
                <Col key={key} xs={24} sm={12} className="dashboard-figure">
                  <Statistic
                    title={t(`limits.figures.${key}`)}
                    value={data[key]}
                    formatter={() => count(data[key])}
                    data-testid={`limit-figure-${key}`}
                  />
                </Col>
              ))}
            </Row>
          </Col>
          <Col xs={24} xl={12}>
            <Table<{ type: MoneyLimit }>
              rowKey="type"
              size="small"
              columns={columns}
              dataSource={MONEY_LIMITS.map((type) => ({ type }))}
              pagination={false}
              data-testid="limit-figures-by-kind"
            />
            <Typography.Paragraph type="secondary" className="tabular flush gap-above-sm">
              {t("limits.figures.countLimits", {
                positions: count(usersOf("open_positions")),
                reminders: count(usersOf("reminder_minutes")),
              })}
            </Typography.Paragraph>
          </Col>
        </Row>
      )}
    </Card>
  );
}
