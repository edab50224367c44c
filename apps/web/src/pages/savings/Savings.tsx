import { formatMoney, type SavingsSummary } from "@tickfair/contract";
import { Button, List, Skeleton } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { type SavingsDirection, transferPath, useSavingsHistory, useSavingsSummary } from "../../api/savings";
import { IconFile, IconInfo } from "../../components/icons";
import { LoadError } from "../../components/LoadError/LoadError";
import { MoneyPage } from "../../components/PageNavBar/PageNavBar";
import { QueryCard } from "../../components/QueryCard/QueryCard";
import { RefreshOnPull } from "../../components/RefreshOnPull/RefreshOnPull";
import { TitledCard } from "../../components/TitledCard/TitledCard";
import { paths } from "../../lib/paths";
import { formatCalendarDate, formatPercent } from "../../lib/savings-format";
import { useNavigate } from "../../router";
import { SavingsChart } from "./SavingsChart";
import "./savings.css";

/** Yu'ebao: the saver's shares, income and rates, moves in and out, and the last 30 days. */
export default function Savings() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const summary = useSavingsSummary();
  const history = useSavingsHistory();

  return (
    <MoneyPage
      title={t("common.savings")}
      records={{ to: paths.savingsRecords, label: t("savings.records"), testId: "savings-records-link" }}
    >
      <RefreshOnPull onRefresh={() => Promise.all([summary.refetch(), history.refetch()])}>
        <main className="page__body cashier">
          {summary.isPending ? (
            <SavingsSkeleton />
          ) : summary.isError ? (
            <QueryCard query={summary} lines={0} />
          ) : (
            <SavingsBody summary={summary.data} />
          )}
          <TitledCard id="savings-chart-title" title={t("savings.chartTitle")} className="savings-chart-card">
            {history.isError ? (
              <LoadError error={history.error} onRetry={() => void history.refetch()} />
            ) : (
              <SavingsChart days={history.data?.items ?? null} />
            )}
          </TitledCard>
          <List className="card savings-links">
            <List.Item
              prefix={<IconInfo />}
              onClick={() => navigate(paths.savingsRules)}
              arrowIcon
              data-testid="savings-rules-link"
            >
              {t("savings.rules")}
            </List.Item>
            <List.Item
              prefix={<IconFile />}
              onClick={() => navigate(paths.savingsRecords)}
              arrowIcon
              data-testid="savings-records-row"
            >
              {t("savings.records")}
            </List.Item>
          </List>
        </main>
      </RefreshOnPull>
    </MoneyPage>
  );
}

function SavingsSkeleton() {
  return (
    <>
      <div className="card savings-hero" aria-busy="true">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={2} animated />
      </div>
      <div className="card cashier-card">
        <Skeleton.Paragraph lineCount={4} animated />
      </div>
    </>
  );
}

function SavingsBody({ summary }: { summary: SavingsSummary }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const money = (value: string) => formatMoney(value, locale);
  const date = (value: string) => formatCalendarDate(value, locale, true);

  return (
    <>
      <section className="card savings-hero" aria-label={t("savings.total")}>
        <span className="savings-hero__label">{t("savings.total")}</span>
        <strong className="savings-hero__total num" data-testid="savings-total">
          {money(summary.total)}
        </strong>
        <dl className="savings-hero__figures">
          <div>
            <dt>{t("savings.yesterdayIncome")}</dt>
            <dd className="num" data-testid="savings-yesterday-income">
              {formatMoney(summary.yesterdayIncome, locale, { signed: true })}
            </dd>
          </div>
          <div>
            <dt>{t("savings.totalIncome")}</dt>
            <dd className="num" data-testid="savings-total-income">
              {money(summary.totalIncome)}
            </dd>
          </div>
          <div>
            <dt>{t("savings.sevenDayYield")}</dt>
            <dd className="num" data-testid="savings-yield">
              {formatPercent(summary.sevenDayYield, locale, 3)}
            </dd>
          </div>
        </dl>
      </section>

      <section className="card cashier-card">
        <dl className="detail-rows savings-rows">
          <div>
            <dt>{t("savings.confirmed")}</dt>
            <dd className="num" data-testid="savings-confirmed">
              {money(summary.confirmed)}
            </dd>
          </div>
          <div>
            <dt>{t("savings.pending")}</dt>
            <dd className="num" data-testid="savings-pending">
              {money(summary.pending)}
            </dd>
          </div>
        </dl>
        {summary.pendingLots.length > 0 ? (
          <ul className="savings-box" data-testid="savings-lots">
            {summary.pendingLots.map((lot) => (
              <li key={`${lot.movedInAt}-${lot.amount}`}>
                <span className="num">{money(lot.amount)}</span>
                <span>{t("savings.confirmsOn", { date: date(lot.confirmsOn) })}</span>
              </li>
            ))}
          </ul>
        ) : null}
        <dl className="detail-rows savings-rows savings-rows--rates">
          <div>
            <dt>{t("savings.annualRate")}</dt>
            <dd className="num" data-testid="savings-rate">
              {formatPercent(summary.annualRate, locale)}
            </dd>
          </div>
          <div>
            <dt>{t("savings.perTenThousand")}</dt>
            <dd className="num" data-testid="savings-per-ten-thousand">
              {money(summary.incomePerTenThousand)}
            </dd>
          </div>
          <div>
            <dt>{t("savings.sevenDayYield")}</dt>
            <dd className="num">{formatPercent(summary.sevenDayYield, locale, 3)}</dd>
          </div>
        </dl>
        {summary.upcomingRate ? (
          <p className="savings-box" data-testid="savings-upcoming-rate">
            {t("savings.upcomingRate", {
              date: formatCalendarDate(summary.upcomingRate.effectiveFrom, locale),
              rate: formatPercent(summary.upcomingRate.annualRate, locale),
            })}
          </p>
        ) : null}
      </section>

      <div className="savings-actions">
        <MoveButton direction="in" left={summary.movesIn.left} limit={summary.movesIn.limit} />
        <MoveButton direction="out" left={summary.movesOut.left} limit={summary.movesOut.limit} />
      </div>
    </>
  );
}

/** Move in or out, with what is left of today's moves of that kind. */
function MoveButton({
  direction,
  left,
  limit,
}: {
  direction: SavingsDirection;
  left: number;
  limit: number;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="savings-move">
      <Button
        block
        color="primary"
        fill={direction === "in" ? "solid" : "outline"}
        data-testid={`savings-move-${direction}`}
        onClick={() => navigate(transferPath(direction))}
      >
        {direction === "in" ? t("savings.moveIn") : t("savings.moveOut")}
      </Button>
      <small
        className={left > 0 ? undefined : "savings-move--none"}
        data-testid={`savings-left-${direction}`}
      >
        {t("savings.movesLeft", { left, limit })}
      </small>
    </div>
  );
}
