import {
  FEED_EXCHANGES,
  type FeedMarket,
  type OperatorProduct,
  SOURCE_TOLERANCE_BPS,
  SPIKE_SIGMAS,
} from "@tickfair/contract";
import { Button, Form, Input, InputNumber, Select, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useUpdateFeedSources } from "../../api/markets";
import { ReasonField } from "../../components/ReasonField/ReasonField";
import { HaltAnomalyNote } from "./HaltAnomalyNote";
import { ProductFormDrawer, useProductSave } from "./ProductFormDrawer";
import "./feed-sources.css";

interface Values {
  sources: FeedMarket[];
  minLiveSources: number;
  spikeSigmas: number;
  sourceToleranceBps: number;
  reason: string;
}

const EXCHANGE_NAMES: Record<FeedMarket["exchange"], string> = { binance: "Binance", okx: "OKX" };

/**
 * Which exchange markets price a product by their median, how many must be live, and when the feed
 * halts it on an anomalous tick (audited).
 */
export function FeedSourcesDrawer({
  product,
  onClose,
}: {
  product: OperatorProduct | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateFeedSources();
  const [form] = Form.useForm<Values>();
  const { close, saved } = useProductSave(update, onClose);

  const submit = (values: Values) => {
    if (!product) return;
    update.mutate(
      { symbol: product.symbol, ...values, sources: values.sources ?? [] },
      saved(product.symbol),
    );
  };

  return (
    <ProductFormDrawer<Values>
      product={product}
      titleKey="markets.sourcesTitle"
      note={t("markets.sourcesHelp")}
      form={form}
      initialValues={(shown) => ({
        sources: shown.feedSources,
        minLiveSources: shown.minLiveSources,
        spikeSigmas: shown.spikeSigmas,
        sourceToleranceBps: shown.sourceToleranceBps,
      })}
      onFinish={submit}
      onClose={close}
      pending={update.isPending}
      submitTestId="sources-save"
      fields={() => (
        <>
          <Typography.Paragraph type="secondary" className="caption">
            {t("markets.instrumentHelp")}
          </Typography.Paragraph>
          <Form.List name="sources">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field) => (
                  <div key={field.key} className="feed-source-row" data-testid={`source-${field.name}`}>
                    <Form.Item
                      name={[field.name, "exchange"]}
                      label={t("markets.exchange")}
                      rules={[{ required: true }]}
                    >
                      <Select
                        options={FEED_EXCHANGES.map((exchange) => ({
                          value: exchange,
                          label: EXCHANGE_NAMES[exchange],
                        }))}
                        data-testid={`source-exchange-${field.name}`}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, "instrument"]}
                      label={t("markets.instrument")}
                      rules={[
                        {
                          required: true,
                          pattern: /^[A-Za-z0-9-]{2,32}$/,
                          message: t("markets.instrumentInvalid"),
                        },
                      ]}
                    >
                      <Input className="mono" data-testid={`source-instrument-${field.name}`} />
                    </Form.Item>
                    <Button
                      type="link"
                      danger
                      className="feed-source-remove"
                      onClick={() => remove(field.name)}
                    >
                      {t("markets.removeSource")}
                    </Button>
                  </div>
                ))}
                <Button
                  onClick={() => add({ exchange: "binance", instrument: "" })}
                  className="stack-gap"
                  data-testid="source-add"
                >
                  {t("markets.addSource")}
                </Button>
              </>
            )}
          </Form.List>
          <Form.Item name="minLiveSources" label={t("markets.minLiveSources")} rules={[{ required: true }]}>
            <InputNumber min={1} max={10} precision={0} data-testid="sources-min" />
          </Form.Item>
          <Form.Item
            name="spikeSigmas"
            label={t("markets.spikeSigmas")}
            extra={t("markets.spikeSigmasHelp")}
            rules={[{ required: true }]}
          >
            <InputNumber
              min={SPIKE_SIGMAS.min}
              max={SPIKE_SIGMAS.max}
              precision={0}
              addonAfter="σ"
              data-testid="sources-spike-sigmas"
            />
          </Form.Item>
          <Form.Item
            name="sourceToleranceBps"
            label={t("markets.sourceToleranceBps")}
            extra={t("markets.sourceToleranceBpsHelp")}
            rules={[{ required: true }]}
          >
            <InputNumber
              min={SOURCE_TOLERANCE_BPS.min}
              max={SOURCE_TOLERANCE_BPS.max}
              precision={0}
              addonAfter={t("markets.bpUnit")}
              data-testid="sources-tolerance"
            />
          </Form.Item>
          <ReasonField testIdPrefix="sources" rows={2} error={update.error} />
        </>
      )}
      after={(shown) => (
        <>
          {shown.haltSilentSources ? (
            <Typography.Text type="warning">
              {t("markets.haltedBecause", { sources: shown.haltSilentSources.join(", ") })}
            </Typography.Text>
          ) : null}
          {shown.haltAnomaly ? <HaltAnomalyNote anomaly={shown.haltAnomaly} symbol={shown.symbol} /> : null}
        </>
      )}
    />
  );
}
