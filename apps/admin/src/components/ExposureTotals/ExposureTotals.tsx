import type { BookFigures } from "@tickfair/contract";
import { formatMoney } from "@tickfair/contract";
import { Card, Col, Row, Statistic, Typography } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { OUTCOMES, worstOutcome } from "../../lib/exposure";
import { formatCount } from "../../lib/format";
import { HouseResult } from "../HouseResult/HouseResult";
import "./exposure-totals.css";

/**
 * The open book over all products: what is staked on each side, what each side is owed if it wins,
 * and the house's result under each outcome, the worst of them first. `compact`: one column, for the
 * order desk's side.
 */
export function ExposureTotals({
  total,
  compact = false,
  extra,
}: {
  total: BookFigures;
  compact?: boolean;
  extra?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const worst = worstOutcome(total);
  const span = compact ? 24 : 8;
  const side = (direction: "up" | "down") => (
    <Col span={span} key={direction}>
      <Statistic
        title={t(`risk.staked.${direction}`)}
        value={formatMoney(total[direction].stake, locale)}
        formatter={(value) => <span className="tabular">{value}</span>}
        data-testid={`exposure-${direction}-stake`}
      />
      <Typography.Text type="secondary">
        {t("risk.sideNote", {
          n: formatCount(total[direction].contracts, locale),
          owed: formatMoney(total[direction].owedIfWins, locale),
        })}
      </Typography.Text>
    </Col>
  );
  return (
    <Card
      title={t("risk.totalsTitle")}
      extra={extra}
      size={compact ? "small" : "default"}
      className="exposure-totals"
      data-testid="exposure-totals"
    >
      <Row gutter={[24, 16]}>
        {side("up")}
        {side("down")}
        <Col span={span}>
          <Statistic
            title={t("risk.worst", { outcome: t(`risk.outcome.${worst.outcome}`) })}
            value={worst.result}
            formatter={() => <HouseResult amount={worst.result} testId="exposure-worst" />}
          />
          <Typography.Text type="secondary">{t("risk.worstNote")}</Typography.Text>
        </Col>
      </Row>
      <dl className="exposure-totals__outcomes">
        {OUTCOMES.map((outcome) => (
          <div key={outcome}>
            <dt>
              <Typography.Text type="secondary">{t(`risk.outcome.${outcome}`)}</Typography.Text>
            </dt>
            <dd>
              <HouseResult amount={total[outcome]} testId={`exposure-${outcome}`} />
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
