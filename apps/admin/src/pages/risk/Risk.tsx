import { ReloadOutlined } from "@ant-design/icons";
import { Alert, Button, Empty, Flex, Skeleton, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useRiskExposure } from "../../api/risk";
import { useDescribeError } from "../../api/use-describe-error";
import { ExposureTotals } from "../../components/ExposureTotals/ExposureTotals";
import { PageHeader } from "../../components/PageHeader/PageHeader";
import { formatTime } from "../../lib/format";
import { LargestPositions } from "./LargestPositions";
import { ProductBook } from "./ProductBook";
import "./risk.css";

/**
 * The exposure board: what the house owes on contracts not yet settled or void, per product,
 * direction and expiry minute, and its result under each outcome. It watches; it sets nothing. The
 * socket's "risk.changed" (at most once a second) makes it ask again, so it moves while users trade.
 */
export default function Risk() {
  const { t, i18n } = useTranslation();
  const describe = useDescribeError();
  const exposure = useRiskExposure();
  const data = exposure.data;

  return (
    <>
      <PageHeader
        title={t("nav.risk")}
        extra={
          <Flex align="center" gap={12}>
            {data && (
              <Typography.Text type="secondary" data-testid="risk-updated">
                {t("risk.updatedAt", { at: formatTime(data.generatedAt, i18n.language) })}
              </Typography.Text>
            )}
            <Button
              icon={<ReloadOutlined />}
              loading={exposure.isFetching}
              onClick={() => void exposure.refetch()}
            >
              {t("risk.refresh")}
            </Button>
          </Flex>
        }
      />
      <Typography.Paragraph type="secondary" className="risk-about">
        {t("risk.about", { n: data?.horizonMinutes ?? 10 })}
      </Typography.Paragraph>
      {exposure.isError && (
        <Alert
          type="error"
          showIcon
          message={describe(exposure.error)}
          description={data ? t("risk.staleData") : undefined}
          className="stack-gap"
        />
      )}
      {!data && exposure.isPending && <Skeleton active paragraph={{ rows: 10 }} />}
      {data && (
        <Flex vertical gap={16} data-testid="risk-board">
          <ExposureTotals total={data.total} />
          {data.products.length === 0 ? (
            <Empty description={t("risk.empty")} data-testid="risk-empty" />
          ) : (
            data.products.map((product) => (
              <ProductBook
                key={product.symbol}
                product={product}
                now={data.generatedAt}
                horizonMinutes={data.horizonMinutes}
              />
            ))
          )}
          <LargestPositions positions={data.largest} />
        </Flex>
      )}
    </>
  );
}
