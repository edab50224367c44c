import type { BookFigures, ExposureBucket } from "@tickfair/contract";
import { formatMoney } from "@tickfair/contract";
import { type TableColumnsType, Tag } from "antd";
import type { TFunction } from "i18next";
import { HouseResult } from "../../components/HouseResult/HouseResult";
import { minuteSpan, OUTCOMES } from "../../lib/exposure";
import { formatCount } from "../../lib/format";

/** A row of a product's book: an expiry bucket with its figures. */
export type BookRow = BookFigures & { bucket: ExposureBucket };

/** What a bucket is called: pending, a minute's span (due once past), or later than the horizon. */
export function BucketLabel({
  bucket,
  now,
  horizonMinutes,
  t,
  locale,
}: {
  bucket: ExposureBucket;
  now: string;
  horizonMinutes: number;
  t: TFunction;
  locale: string;
}) {
  if (bucket.kind === "pending") return <span>{t("risk.bucket.pending")}</span>;
  if (bucket.kind === "later") return <span>{t("risk.bucket.later", { n: horizonMinutes })}</span>;
  const { span, past } = minuteSpan(bucket, locale, now);
  return (
    <span className="tabular">
      {span}
      {past && (
        <Tag bordered={false} color="warning" className="risk-due">
          {t("risk.bucket.due")}
        </Tag>
      )}
    </span>
  );
}

/**
 * The board's columns: each side's contracts, stakes and what it is owed if it wins, then the house's
 * result under each outcome. A side's group is where a per-direction cap and its use would stand.
 */
export function bookColumns(
  t: TFunction,
  locale: string,
  label: (row: BookRow) => React.ReactNode,
): TableColumnsType<BookRow> {
  const money = (amount: string) => <span className="tabular">{formatMoney(amount, locale)}</span>;
  const side = (direction: "up" | "down") => ({
    title: t(`risk.side.${direction}`),
    key: direction,
    children: [
      {
        title: t("risk.contracts"),
        key: `${direction}-contracts`,
        align: "right" as const,
        render: (_: unknown, row: BookRow) => (
          <span className="tabular">{formatCount(row[direction].contracts, locale)}</span>
        ),
      },
      {
        title: t("risk.stake"),
        key: `${direction}-stake`,
        align: "right" as const,
        render: (_: unknown, row: BookRow) => money(row[direction].stake),
      },
      {
        title: t("risk.owedIfWins"),
        key: `${direction}-owed`,
        align: "right" as const,
        render: (_: unknown, row: BookRow) => money(row[direction].owedIfWins),
      },
    ],
  });
  return [
    { title: t("risk.expiry"), key: "expiry", render: (_, row) => label(row) },
    side("up"),
    side("down"),
    {
      title: t("risk.house"),
      key: "house",
      children: OUTCOMES.map((outcome) => ({
        title: t(`risk.outcome.${outcome}`),
        key: outcome,
        align: "right" as const,
        render: (_: unknown, row: BookRow) => <HouseResult amount={row[outcome]} />,
      })),
    },
  ];
}
