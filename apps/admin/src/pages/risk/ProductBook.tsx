import type { ProductExposure } from "@tickfair/contract";
import { Card, Table, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { HouseResult } from "../../components/HouseResult/HouseResult";
import { worstOutcome } from "../../lib/exposure";
import { type BookRow, BucketLabel, bookColumns } from "./book-columns";

const bucketKey = (row: BookRow) => (row.bucket.kind === "minute" ? row.bucket.minute : row.bucket.kind);

/** One product's book by expiry, its total as the last line. */
export function ProductBook({
  product,
  now,
  horizonMinutes,
}: {
  product: ProductExposure;
  now: string;
  horizonMinutes: number;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const worst = worstOutcome(product);
  const columns = bookColumns(t, locale, (row) => (
    <BucketLabel bucket={row.bucket} now={now} horizonMinutes={horizonMinutes} t={t} locale={locale} />
  ));
  const total: BookRow = { ...product, bucket: { kind: "later" } };
  return (
    <Card
      title={product.symbol}
      size="small"
      extra={
        <Typography.Text type="secondary">
          {t("risk.worst", { outcome: t(`risk.outcome.${worst.outcome}`) })}{" "}
          <HouseResult amount={worst.result} />
        </Typography.Text>
      }
      data-testid={`risk-product-${product.symbol}`}
    >
      <Table<BookRow>
        rowKey={bucketKey}
        size="small"
        columns={columns}
        dataSource={product.rows}
        pagination={false}
        bordered
        scroll={{ x: "max-content" }}
        summary={() => (
          <Table.Summary.Row className="risk-total-row">
            {bookColumns(t, locale, () => <strong>{t("risk.productTotal")}</strong>)
              .flatMap((column) => ("children" in column ? column.children : [column]))
              .map((column, index) => (
                <Table.Summary.Cell key={String(column.key)} index={index} align={column.align}>
                  {column.render?.(undefined, total, index) as React.ReactNode}
                </Table.Summary.Cell>
              ))}
          </Table.Summary.Row>
        )}
      />
    </Card>
  );
}
