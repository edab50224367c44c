import { formatMoney } from "@tickfair/contract";
import { Dialog, type DialogProps } from "antd-mobile";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { pnlClass } from "../../lib/pnl";
import "./reality-check.css";

/** What a stretch of trading did, as a pause in it shows: money as decimal strings. */
export interface PauseFigures {
  contracts: ReactNode;
  staked: string;
  /** What came back, where the pause says it (the loss streak's last hour). */
  returned?: string;
  net: string;
}

/**
 * A pause in trading that shows what it did: the reminder of a long session and the pause after a
 * run of losses. `lead` comes above the figures, `after` below; a figure's test id is
 * `${figureTestId}-contracts` (`-staked`, `-returned`, `-net`).
 */
export function PauseDialog({
  title,
  testId,
  figureTestId,
  figures,
  lead,
  after,
  ...dialog
}: {
  title: string;
  testId: string;
  figureTestId: string;
  figures: PauseFigures;
  lead: ReactNode;
  after?: ReactNode;
} & Pick<DialogProps, "actions" | "onAction" | "closeOnAction" | "onClose">) {
  const { t, i18n } = useTranslation();
  const money = (amount: string) => formatMoney(amount, i18n.language);
  const rows = [
    { key: "contracts", label: t("limits.reality.contracts"), value: figures.contracts, className: "num" },
    { key: "staked", label: t("limits.reality.staked"), value: money(figures.staked), className: "num" },
    ...(figures.returned === undefined
      ? []
      : [
          {
            key: "returned",
            label: t("limits.streak.returned"),
            value: money(figures.returned),
            className: "num",
          },
        ]),
    {
      key: "net",
      label: t("limits.reality.net"),
      value: money(figures.net),
      className: `num ${pnlClass(figures.net)}`,
    },
  ];
  return (
    <Dialog
      visible
      title={title}
      content={
        <div className="reality-check" data-testid={testId}>
          {lead}
          <dl className="detail-rows reality-check__figures">
            {rows.map((row) => (
              <div key={row.key}>
                <dt>{row.label}</dt>
                <dd className={row.className} data-testid={`${figureTestId}-${row.key}`}>
                  {row.value}
                </dd>
              </div>
            ))}
          </dl>
          {after}
        </div>
      }
      {...dialog}
    />
  );
}
