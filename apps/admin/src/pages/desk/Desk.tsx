import { SoundOutlined } from "@ant-design/icons";
import { DESK_KINDS, type DeskKind } from "@tickfair/contract";
import {
  Alert,
  Button,
  Card,
  Col,
  Flex,
  Input,
  Row,
  Segmented,
  Select,
  Skeleton,
  Switch,
  Typography,
} from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { useOperatorProducts } from "../../api/markets";
import { type DeskFilters, useDesk, useRiskExposure } from "../../api/risk";
import { useDescribeError } from "../../api/use-describe-error";
import { ExposureTotals } from "../../components/ExposureTotals/ExposureTotals";
import { PageHeader } from "../../components/PageHeader/PageHeader";
import { formatTime } from "../../lib/format";
import { AREA_PATHS } from "../../lib/paths";
import { DeskTable } from "./DeskTable";
import { useDeskSound } from "./use-desk-sound";

const ALL = "all";

function readFilters(params: URLSearchParams): DeskFilters {
  const kind = DESK_KINDS.find((candidate) => candidate === params.get("kind"));
  const symbol = params.get("symbol")?.trim() || undefined;
  const account = params.get("account")?.trim() || undefined;
  return { ...(kind ? { kind } : {}), ...(symbol ? { symbol } : {}), ...(account ? { account } : {}) };
}

/**
 * The order desk: new orders, deposits and withdrawals as they arrive, newest first (the socket makes
 * the list ask again), filtered in the URL so a view can be reloaded; the exposure totals beside it,
 * and an optional chime for new money requests.
 */
export default function Desk() {
  const { t, i18n } = useTranslation();
  const describe = useDescribeError();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const listKey = JSON.stringify(filters);
  const desk = useDesk(filters);
  const exposure = useRiskExposure();
  const products = useOperatorProducts();
  const kinds = desk.data?.pages[0]?.kinds ?? ["contract"];
  const items = useMemo(() => desk.data?.pages.flatMap((page) => page.items) ?? [], [desk.data]);
  const sound = useDeskSound(desk.data?.pages[0]?.items, listKey);

  const setFilter = (key: keyof DeskFilters, value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };

  return (
    <>
      <PageHeader
        title={t("nav.desk")}
        extra={
          desk.dataUpdatedAt > 0 && (
            <Typography.Text type="secondary" data-testid="desk-updated">
              {t("risk.updatedAt", {
                at: formatTime(new Date(desk.dataUpdatedAt).toISOString(), i18n.language),
              })}
            </Typography.Text>
          )
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={18}>
          <Card size="small">
            <Flex gap={12} wrap align="center" className="stack-gap-sm">
              <Segmented<DeskKind | typeof ALL>
                value={filters.kind ?? ALL}
                onChange={(value) => setFilter("kind", value === ALL ? undefined : value)}
                options={[
                  { value: ALL, label: t("desk.kinds.all") },
                  ...kinds.map((kind) => ({ value: kind, label: t(`desk.kinds.${kind}`) })),
                ]}
                data-testid="desk-kind"
              />
              <Select
                allowClear
                showSearch
                placeholder={t("desk.product")}
                value={filters.symbol}
                onChange={(symbol: string | undefined) => setFilter("symbol", symbol)}
                options={(products.data?.items ?? []).map((product) => ({
                  value: product.symbol,
                  label: product.symbol,
                }))}
                style={{ minWidth: 160 }}
              />
              <Input.Search
                allowClear
                placeholder={t("desk.account")}
                defaultValue={filters.account}
                onSearch={(account) => setFilter("account", account.trim() || undefined)}
                style={{ width: 220 }}
                data-testid="desk-account"
              />
            </Flex>
            {desk.isError && (
              <Alert type="error" showIcon message={describe(desk.error)} className="stack-gap-sm" />
            )}
            {desk.isPending ? <Skeleton active paragraph={{ rows: 8 }} /> : <DeskTable items={items} />}
            {desk.hasNextPage && (
              <Flex justify="center" className="stack-gap-sm">
                <Button loading={desk.isFetchingNextPage} onClick={() => void desk.fetchNextPage()}>
                  {t("desk.more")}
                </Button>
              </Flex>
            )}
          </Card>
        </Col>
        <Col xs={24} xl={6}>
          <Flex vertical gap={16}>
            {exposure.data ? (
              <ExposureTotals
                total={exposure.data.total}
                compact
                extra={<Link to={AREA_PATHS.risk}>{t("desk.toRisk")}</Link>}
              />
            ) : exposure.isError ? (
              <Alert type="error" showIcon message={describe(exposure.error)} />
            ) : (
              <Card size="small">
                <Skeleton active />
              </Card>
            )}
            <Card
              size="small"
              title={t("desk.soundTitle")}
              extra={
                <Switch
                  checked={sound.on}
                  onChange={sound.toggle}
                  aria-label={t("desk.sound")}
                  data-testid="desk-sound"
                />
              }
            >
              <Typography.Paragraph className="flush">
                <SoundOutlined /> {t("desk.sound")}
              </Typography.Paragraph>
              <Typography.Text type="secondary">
                {sound.on && !sound.armed ? t("desk.soundArm") : t("desk.soundNote")}
              </Typography.Text>
            </Card>
          </Flex>
        </Col>
      </Row>
    </>
  );
}
