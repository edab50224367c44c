import {
  ArrowRightOutlined,
  BankOutlined,
  CustomerServiceOutlined,
  IdcardOutlined,
  WalletOutlined,
} from "@ant-design/icons";
import type { ReviewQueue } from "@tickfair/contract";
import { Card, Col, Flex, Row, Statistic, Tag, Typography } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatAge, formatCount } from "../../lib/format";
import { AREA_PATHS } from "../../lib/paths";

const ICONS: Record<ReviewQueue["queue"], ReactNode> = {
  deposits: <BankOutlined />,
  withdrawals: <WalletOutlined />,
  verifications: <IdcardOutlined />,
  chats: <CustomerServiceOutlined />,
};

/** An item older than this has waited long: its age shows in the warning colour. */
const LONG_WAIT_MS = 30 * 60_000;

/** Each review queue: how many wait, how long the oldest has, and the way to it. */
export function QueueCards({ queues, now }: { queues: ReviewQueue[]; now: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <Row gutter={[16, 16]}>
      {queues.map((queue) => {
        const age = queue.oldestAt ? new Date(now).getTime() - new Date(queue.oldestAt).getTime() : null;
        return (
          <Col key={queue.queue} xs={24} md={12} xl={24 / Math.max(queues.length, 2)}>
            <Card className="dashboard-figure" data-testid={`queue-${queue.queue}`}>
              <Flex justify="space-between" align="flex-start" gap={16}>
                <Statistic
                  title={
                    <span>
                      {ICONS[queue.queue]} {t(`dashboard.queue.${queue.queue}`)}
                    </span>
                  }
                  value={queue.waiting}
                  formatter={(value) => formatCount(Number(value), locale)}
                  suffix={<Typography.Text type="secondary">{t("dashboard.waiting")}</Typography.Text>}
                />
                <Link to={AREA_PATHS[queue.queue]} data-testid={`queue-${queue.queue}-open`}>
                  {t("dashboard.openQueue")} <ArrowRightOutlined />
                </Link>
              </Flex>
              <div className="gap-above-xs">
                {age === null ? (
                  <Typography.Text type="secondary">{t("dashboard.nothingWaiting")}</Typography.Text>
                ) : (
                  <Flex gap={8} align="center">
                    <Typography.Text type="secondary">{t("dashboard.oldest")}</Typography.Text>
                    <Tag color={age > LONG_WAIT_MS ? "warning" : "default"} bordered={false}>
                      <span className="tabular" data-testid={`queue-${queue.queue}-age`}>
                        {formatAge(age, locale)}
                      </span>
                    </Tag>
                  </Flex>
                )}
              </div>
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
