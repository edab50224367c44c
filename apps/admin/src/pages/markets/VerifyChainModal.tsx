import type { OperatorChainVerification, OperatorProduct } from "@tickfair/contract";
import { Alert, Descriptions, Input, Modal, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useVerifyChain } from "../../api/markets";
import { useDescribeError } from "../../api/use-describe-error";
import { fromLocalInput, toLocalInput } from "../../lib/audit-filters";
import { formatCount } from "../../lib/format";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Recomputes a product's tick hash chain over a time range on the server and shows what it found. */
export function VerifyChainModal({
  product,
  onClose,
}: {
  product: OperatorProduct | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const describe = useDescribeError();
  const verify = useVerifyChain();
  // The last hour, to the end of the current minute (the inputs hold minutes): set as the dialog opens.
  const [range, setRange] = useState(() => {
    const end = Math.ceil((Date.now() + 1) / MINUTE) * MINUTE;
    return {
      from: toLocalInput(new Date(end - HOUR).toISOString()),
      to: toLocalInput(new Date(end).toISOString()),
    };
  });
  const result: OperatorChainVerification | undefined = verify.data;
  const run = () => {
    const from = fromLocalInput(range.from);
    const to = fromLocalInput(range.to);
    if (product && from && to) verify.mutate({ symbol: product.symbol, from, to });
  };
  return (
    <Modal
      open={product !== null}
      title={product ? t("markets.verifyTitle", { symbol: product.symbol }) : ""}
      okText={t("markets.verifyRun")}
      cancelText={t("markets.close")}
      okButtonProps={{ loading: verify.isPending }}
      onOk={run}
      onCancel={onClose}
      afterClose={() => verify.reset()}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t("markets.verifyHelp")}</Typography.Paragraph>
      <Space className="stack-gap" wrap>
        <Input
          type="datetime-local"
          value={range.from}
          onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))}
          aria-label={t("markets.from")}
          addonBefore={t("markets.from")}
        />
        <Input
          type="datetime-local"
          value={range.to}
          onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))}
          aria-label={t("markets.to")}
          addonBefore={t("markets.to")}
        />
      </Space>
      {verify.isError ? <Alert type="error" showIcon message={describe(verify.error)} /> : null}
      {result ? (
        <Alert
          type={result.valid ? "success" : "error"}
          showIcon
          data-testid="verify-result"
          message={result.valid ? t("markets.chainValid") : t("markets.chainBroken")}
          description={
            <Descriptions size="small" column={1}>
              <Descriptions.Item label={t("markets.checked")}>
                {formatCount(result.checked, i18n.language)}
              </Descriptions.Item>
              <Descriptions.Item label={t("markets.seqRange")}>
                <span className="mono">
                  {result.fromSeq && result.toSeq
                    ? `#${result.fromSeq} – #${result.toSeq}`
                    : t("markets.noTicks")}
                </span>
              </Descriptions.Item>
              <Descriptions.Item label={t("markets.valid")}>
                {result.valid ? t("markets.yes") : t("markets.no")}
              </Descriptions.Item>
              <Descriptions.Item label={t("markets.firstBroken")}>
                <span className="mono">{result.firstBrokenSeq ? `#${result.firstBrokenSeq}` : "—"}</span>
              </Descriptions.Item>
            </Descriptions>
          }
        />
      ) : null}
    </Modal>
  );
}
