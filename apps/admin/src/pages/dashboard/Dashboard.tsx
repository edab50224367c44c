import { ReloadOutlined } from "@ant-design/icons";
import { Alert, Button, Col, Flex, Row, Skeleton, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useDashboard } from "../../api/dashboard";
import { useDescribeError } from "../../api/use-describe-error";
import { PageHeader } from "../../components/PageHeader/PageHeader";
import { formatTime } from "../../lib/format";
import { FeedCard } from "./FeedCard";
import { LedgerCheckCard } from "./LedgerCheckCard";
import { LimitFigures } from "./LimitFigures";
import { QueueCards } from "./QueueCards";
import { TodayFigures } from "./TodayFigures";
import "./dashboard.css";

/**
 * The console's first page: what waits for review and since when, today's figures, each product's
 * feed and the last ledger check. Asked again every 15 s while the page is in view.
 */
export default function Dashboard() {
  const { t, i18n } = useTranslation();
  const describe = useDescribeError();
  const dashboard = useDashboard();
  const data = dashboard.data;

  return (
    <>
      <PageHeader
        title={t("nav.dashboard")}
        extra={
          <Flex align="center" gap={12}>
            {data && (
              <Typography.Text type="secondary" data-testid="dashboard-updated">
                {t("dashboard.updatedAt", { at: formatTime(data.generatedAt, i18n.language) })}
              </Typography.Text>
            )}
            <Button
              icon={<ReloadOutlined />}
              loading={dashboard.isFetching}
              onClick={() => void dashboard.refetch()}
            >
              {t("dashboard.refresh")}
            </Button>
          </Flex>
        }
      />
      {dashboard.isError && (
        <Alert
          type="error"
          showIcon
          message={describe(dashboard.error)}
          description={data ? t("dashboard.staleData") : undefined}
          className="stack-gap"
        />
      )}
      {!data && dashboard.isPending && <Skeleton active paragraph={{ rows: 10 }} />}
      {data && (
        <Flex vertical gap={16} data-testid="dashboard">
          <QueueCards queues={data.queues} now={data.generatedAt} />
          <TodayFigures day={data.day} today={data.today} />
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={14}>
              <FeedCard feed={data.feed} now={data.generatedAt} />
            </Col>
            <Col xs={24} xl={10}>
              <LedgerCheckCard last={data.ledgerCheck} />
            </Col>
          </Row>
          <LimitFigures />
        </Flex>
      )}
    </>
  );
}
