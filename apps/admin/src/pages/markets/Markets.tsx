import type { OperatorProduct } from "@tickfair/contract";
import { formatMoney } from "@tickfair/contract";
import {
  Alert,
  Button,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Space,
  type TableColumnsType,
  Tag,
  Typography,
} from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useOperatorProducts, useUpdateProduct } from "../../api/markets";
import { MoneyInput } from "../../components/MoneyInput/MoneyInput";
import { PageHeader } from "../../components/PageHeader/PageHeader";
import { PagedTable } from "../../components/paged-table/PagedTable";
import { ReasonField } from "../../components/ReasonField/ReasonField";
import { SubmitError } from "../../components/SubmitError/SubmitError";
import { fromLocalInput, toLocalInput } from "../../lib/audit-filters";
import { formatBps, formatTime } from "../../lib/format";
import {
  changesSomething,
  formatDuration,
  type ProductFormValues,
  productFormValues,
  productUpdate,
} from "../../lib/market-form";
import { holds } from "../../lib/permissions";
import { useSession } from "../../store/session";
import { ExposureCapsDrawer } from "./ExposureCapsDrawer";
import { FairnessChainCard } from "./FairnessChainCard";
import { FeedSourcesDrawer } from "./FeedSourcesDrawer";
import { HaltAnomalyNote } from "./HaltAnomalyNote";
import { ProductFormDrawer, useProductSave } from "./ProductFormDrawer";
import { VerifyChainModal } from "./VerifyChainModal";

const STATUS_COLORS = { open: "success", maintenance: "warning", closed: "default" } as const;

/** The products: status, trading hours, rates, stake limits and last tick; edit (audited) and verify the chain. */
export default function Markets() {
  const { t, i18n } = useTranslation();
  const products = useOperatorProducts();
  const operator = useSession((state) => state.operator);
  const canManage = holds(operator, "markets.manage");
  const [editing, setEditing] = useState<OperatorProduct | null>(null);
  const [verifying, setVerifying] = useState<OperatorProduct | null>(null);
  const [sourcing, setSourcing] = useState<OperatorProduct | null>(null);
  const [capping, setCapping] = useState<string | null>(null);
  const locale = i18n.language;
  const time = (at: string | null) => (at ? <span className="tabular">{formatTime(at, locale)}</span> : "—");

  const columns: TableColumnsType<OperatorProduct> = [
    {
      title: t("markets.product"),
      dataIndex: "symbol",
      render: (symbol: string, product) => (
        <Space direction="vertical" size={0}>
          <strong className="mono">{symbol}</strong>
          <Typography.Text type="secondary">{product.name}</Typography.Text>
        </Space>
      ),
    },
    {
      title: t("markets.status"),
      render: (_, product) => (
        <Space direction="vertical" size={2}>
          <Tag color={STATUS_COLORS[product.status]} bordered={false} data-testid="product-status">
            {t(`markets.statuses.${product.status}`)}
          </Tag>
          {product.setStatus === "maintenance" ? (
            <Typography.Text type="secondary" className="caption nowrap">
              {product.maintenanceUntil
                ? t("markets.maintenanceUntilTime", { time: formatTime(product.maintenanceUntil, locale) })
                : t("markets.untilReopened")}
            </Typography.Text>
          ) : product.reopensAt ? (
            <Typography.Text type="secondary" className="caption nowrap">
              {t("markets.reopensAt", { time: formatTime(product.reopensAt, locale) })}
            </Typography.Text>
          ) : null}
          {product.haltAnomaly ? (
            <HaltAnomalyNote anomaly={product.haltAnomaly} symbol={product.symbol} />
          ) : null}
        </Space>
      ),
    },
    {
      title: t("markets.schedule"),
      dataIndex: "schedule",
      render: (schedule: OperatorProduct["schedule"]) => (
        <Space direction="vertical" size={0}>
          {t(`markets.scheduleNames.${schedule}`)}
          {schedule === "fx_week" ? (
            <Typography.Text type="secondary" className="caption">
              {t("markets.fxWeekHours")}
            </Typography.Text>
          ) : null}
        </Space>
      ),
    },
    {
      title: t("markets.rates"),
      width: 230,
      render: (_, product) => (
        <Space direction="vertical" size={2}>
          <Space size={[4, 4]} wrap>
            {product.durations.map((d) => (
              <Tag key={d.seconds} className="tabular" data-testid={`rate-${product.symbol}-${d.seconds}`}>
                {formatDuration(d.seconds, locale)} · {formatBps(d.payoutRateBps, locale)}
              </Tag>
            ))}
          </Space>
          <Typography.Text
            type="secondary"
            className="caption tabular"
            data-testid={`payout-table-${product.symbol}`}
          >
            {t("markets.payoutTableVersion", { version: product.payoutTableVersion.toLocaleString(locale) })}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t("markets.stakeLimits"),
      align: "right",
      render: (_, product) => (
        <span className="tabular nowrap">
          {formatMoney(product.minStake, locale)} – {formatMoney(product.maxStake, locale)}
        </span>
      ),
    },
    {
      title: t("markets.priceSource"),
      width: 240,
      render: (_, product) =>
        product.feedSources.length === 0 ? (
          <Tag bordered={false}>{t("markets.simulatedSource")}</Tag>
        ) : (
          <Space direction="vertical" size={2} data-testid={`sources-${product.symbol}`}>
            <Space size={[4, 4]} wrap>
              {product.feedSources.map((source) => (
                <Tag key={`${source.exchange}:${source.instrument}`} className="mono">
                  {source.exchange}:{source.instrument}
                </Tag>
              ))}
            </Space>
            <Typography.Text type="secondary" className="caption">
              {t("markets.medianOf", { count: product.feedSources.length, min: product.minLiveSources })}
            </Typography.Text>
            {product.haltSilentSources ? (
              <Typography.Text type="warning" className="caption">
                {t("markets.haltedBecause", { sources: product.haltSilentSources.join(", ") })}
              </Typography.Text>
            ) : null}
          </Space>
        ),
    },
    {
      title: t("markets.lastTick"),
      render: (_, product) =>
        product.lastTick ? (
          <Space direction="vertical" size={0}>
            {time(product.lastTick.time)}
            <Typography.Text type="secondary" className="mono caption">
              #{product.lastTick.seq}
            </Typography.Text>
          </Space>
        ) : (
          "—"
        ),
    },
    {
      title: t("review.actions"),
      align: "right",
      render: (_, product) => (
        <Space size={4} direction="vertical" align="end">
          <Button size="small" onClick={() => setVerifying(product)} data-testid={`verify-${product.symbol}`}>
            {t("markets.verify")}
          </Button>
          <Button
            size="small"
            onClick={() => setCapping(product.symbol)}
            data-testid={`caps-${product.symbol}`}
          >
            {t("caps.open")}
          </Button>
          {canManage ? (
            <Button
              size="small"
              type="primary"
              onClick={() => setEditing(product)}
              data-testid={`edit-${product.symbol}`}
            >
              {t("markets.edit")}
            </Button>
          ) : null}
          {canManage ? (
            <Button
              size="small"
              onClick={() => setSourcing(product)}
              data-testid={`sources-edit-${product.symbol}`}
            >
              {t("markets.sources")}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t("nav.markets")} />
      <FairnessChainCard />
      <Card>
        <PagedTable<OperatorProduct>
          query={products}
          empty={t("table.empty")}
          rowKey="symbol"
          columns={columns}
          scroll={{ x: "max-content" }}
          data-testid="products-table"
        />
      </Card>
      <ProductDrawer product={editing} onClose={() => setEditing(null)} />
      <FeedSourcesDrawer product={sourcing} onClose={() => setSourcing(null)} />
      <ExposureCapsDrawer symbol={capping} onClose={() => setCapping(null)} />
      <VerifyChainModal
        key={verifying?.symbol ?? ""}
        product={verifying}
        onClose={() => setVerifying(null)}
      />
    </>
  );
}

type DrawerValues = Omit<ProductFormValues, "maintenanceUntil"> & { maintenanceUntil: string };

function ProductDrawer({ product, onClose }: { product: OperatorProduct | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateProduct();
  const [form] = Form.useForm<DrawerValues>();
  const status = Form.useWatch("status", form);
  const [problem, setProblem] = useState<string | null>(null);
  const { close, saved } = useProductSave(update, () => {
    setProblem(null);
    onClose();
  });

  const submit = (values: DrawerValues) => {
    if (!product) return;
    const request = productUpdate(product, {
      ...values,
      maintenanceUntil: fromLocalInput(values.maintenanceUntil) ?? null,
    });
    if (!request) return setProblem(t("markets.rateInvalid"));
    if (!changesSomething(request)) return setProblem(t("markets.nothingChanged"));
    setProblem(null);
    update.mutate({ symbol: product.symbol, ...request }, saved(product.symbol));
  };

  return (
    <ProductFormDrawer<DrawerValues>
      product={product}
      titleKey="markets.editTitle"
      note={t("markets.newContractsOnly")}
      form={form}
      initialValues={(shown) => ({
        ...productFormValues(shown),
        maintenanceUntil: toLocalInput(shown.maintenanceUntil ?? undefined),
      })}
      onFinish={submit}
      onClose={close}
      pending={update.isPending}
      submitTestId="product-save"
      fields={(shown) => (
        <>
          <Form.Item name="status" label={t("markets.setStatus")}>
            <Radio.Group
              optionType="button"
              options={[
                { value: "open", label: t("markets.statuses.open") },
                { value: "maintenance", label: t("markets.statuses.maintenance") },
              ]}
            />
          </Form.Item>
          {status === "maintenance" ? (
            <Form.Item
              name="maintenanceUntil"
              label={t("markets.maintenanceUntil")}
              extra={t("markets.maintenanceUntilHelp")}
            >
              <Input type="datetime-local" />
            </Form.Item>
          ) : null}
          <Form.Item name="schedule" label={t("markets.schedule")}>
            <Select
              options={(["always", "fx_week"] as const).map((s) => ({
                value: s,
                label: t(`markets.schedules.${s}`),
              }))}
            />
          </Form.Item>
          <Typography.Text strong>{t("markets.rates")}</Typography.Text>
          <Row gutter={16} className="gap-above-xs">
            {shown.durations.map((d) => (
              <Col key={d.seconds} span={12}>
                <Form.Item
                  name={["rates", String(d.seconds)]}
                  label={formatDuration(d.seconds, i18n.language)}
                  rules={[{ required: true, message: t("markets.rateInvalid") }]}
                >
                  <InputNumber
                    min={0.01}
                    max={1000}
                    step={0.5}
                    precision={2}
                    addonAfter="%"
                    className="fill-width"
                    data-testid={`rate-input-${d.seconds}`}
                  />
                </Form.Item>
              </Col>
            ))}
          </Row>
          <Space size={16}>
            <Form.Item
              name="minStake"
              label={t("markets.minStake")}
              rules={[
                { required: true, pattern: /^\d{1,12}(\.\d{1,2})?$/, message: t("markets.amountInvalid") },
              ]}
            >
              <MoneyInput short data-testid="product-minStake" />
            </Form.Item>
            <Form.Item
              name="maxStake"
              label={t("markets.maxStake")}
              rules={[
                { required: true, pattern: /^\d{1,12}(\.\d{1,2})?$/, message: t("markets.amountInvalid") },
              ]}
            >
              <MoneyInput short data-testid="product-maxStake" />
            </Form.Item>
          </Space>
          <ReasonField testIdPrefix="product" rows={3} />
        </>
      )}
      after={() => (
        <>
          {problem ? <Alert type="warning" showIcon message={problem} /> : null}
          <SubmitError form={form} error={update.error} />
        </>
      )}
    />
  );
}
