import { ReloadOutlined } from "@ant-design/icons";
import { Alert, Button, Col, Flex, Row, Skeleton, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useSavingsOverview } from "../../api/savings";
import { useDescribeError } from "../../api/use-describe-error";
import { PageHeader } from "../../components/PageHeader/PageHeader";
import { formatDate } from "../../lib/format";
import { holds } from "../../lib/permissions";
import { useSession } from "../../store/session";
import { IncomeByDay } from "./IncomeByDay";
import { LimitsCard } from "./LimitsCard";
import { RatesCard } from "./RatesCard";
import { SavingsFigures } from "./SavingsFigures";
import { ScheduleRateCard } from "./ScheduleRateCard";
import "./savings.css";

/**
 * Yu'ebao as the platform holds it: the shares, whether every saver's income has been paid, the income
 * paid each day, the rates and the limits; an admin schedules a rate and changes the limits (audited).
 */
export default function Savings() {
  const { t, i18n } = useTranslation();
  const describe = useDescribeError();
  const overview = useSavingsOverview();
  const operator = useSession((state) => state.operator);
  const canManage = holds(operator, "savings.manage");
  const data = overview.data;

  return (
    <>
      <PageHeader
        title={t("nav.savings")}
        extra={
          <Flex align="center" gap={12}>
            {data && (
              <Typography.Text type="secondary" className="tabular" data-testid="savings-day">
                {t("savings.day", { date: formatDate(data.today, i18n.language), zone: data.timeZone })}
              </Typography.Text>
            )}
            <Button
              icon={<ReloadOutlined />}
              loading={overview.isFetching}
              onClick={() => void overview.refetch()}
            >
              {t("savings.refresh")}
            </Button>
          </Flex>
        }
      />
      {overview.isError && (
        <Alert type="error" showIcon message={describe(overview.error)} className="stack-gap" />
      )}
      {!data && overview.isPending && <Skeleton active paragraph={{ rows: 10 }} />}
      {data && (
        <Flex vertical gap={16} data-testid="savings">
          <SavingsFigures overview={data} />
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={13}>
              <IncomeByDay days={data.incomeByDay} />
            </Col>
            <Col xs={24} xl={11}>
              <RatesCard overview={data} />
            </Col>
          </Row>
          <Row gutter={[16, 16]}>
            {canManage && (
              <Col xs={24} xl={10}>
                <ScheduleRateCard overview={data} />
              </Col>
            )}
            <Col xs={24} xl={canManage ? 14 : 24}>
              <LimitsCard overview={data} canManage={canManage} />
            </Col>
          </Row>
        </Flex>
      )}
    </>
  );
}
