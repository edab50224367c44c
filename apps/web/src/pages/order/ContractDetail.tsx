import {
  type ContractTick,
  type ContractDetail as Detail,
  formatMoney,
  type Product,
} from "@tickfair/contract";
import { Button, Skeleton } from "antd-mobile";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { ApiError } from "../../api/errors";
import { useLiveTickers, useTicker } from "../../api/market-socket";
import { useContractDetail } from "../../api/trading";
import { CopyButton } from "../../components/CopyButton/CopyButton";
import { EmptyState } from "../../components/EmptyState/EmptyState";
import { LoadError } from "../../components/LoadError/LoadError";
import { PageNavBar } from "../../components/PageNavBar/PageNavBar";
import { estimateAt } from "../../lib/contract-outcome";
import { useNow } from "../../lib/countdown";
import { paths } from "../../lib/paths";
import { pnlClass } from "../../lib/pnl";
import { formatDateTimeSeconds } from "../../lib/time";
import { formatRate, formatTickPrice, shortHash } from "../../lib/trading-format";
import { PositionTimer } from "./PositionTimer";
import { DirectionTag, ProductName, ResultTag, useProductsBySymbol } from "./parts";
import { TickList } from "./TickList";
import { VerifyPanel } from "./VerifyPanel";
import "./order.css";

const ID = /^\d{1,19}$/;

/** One contract: its terms, entry and exit ticks, result and payout, the ticks between, and Verify. */
export default function ContractDetail() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get("id") ?? "";
  const detail = useContractDetail(id);
  const products = useProductsBySymbol();
  const missing = !ID.test(id) || (detail.error instanceof ApiError && detail.error.status === 404);

  let body: ReactNode;
  if (missing) {
    body = (
      <div className="card">
        <EmptyState
          title={t("orders.notFound")}
          testId="contract-not-found"
          action={
            <Button color="primary" shape="rounded" onClick={() => navigate(paths.order)}>
              {t("orders.backToOrders")}
            </Button>
          }
        />
      </div>
    );
  } else if (detail.isPending) {
    body = (
      <div className="card contract-section" aria-busy="true">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  } else if (!detail.data) {
    body = (
      <div className="card cashier-card">
        <LoadError error={detail.error} onRetry={() => void detail.refetch()} />
      </div>
    );
  } else {
    body = <DetailBody contract={detail.data} product={products.get(detail.data.symbol)} />;
  }

  return (
    <div className="page">
      <PageNavBar title={t("orders.detailTitle")} backTo={paths.order} />
      <main className="page__body contract-detail" data-testid="contract-detail">
        {body}
      </main>
    </div>
  );
}

function DetailBody({ contract, product }: { contract: Detail; product: Product | undefined }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const closed = contract.status === "settled" || contract.status === "void";
  const [failedSeq, setFailedSeq] = useState<string | null>(null);
  const money = (value: string | null) => (value ? formatMoney(value, locale) : "—");
  const time = (value: string | null) => (value ? formatDateTimeSeconds(value, locale) : "—");

  return (
    <>
      <section className="card contract-section contract-summary" data-testid="contract-summary">
        <div className="contract-card__head">
          <ProductName symbol={contract.symbol} product={product} />
          <DirectionTag direction={contract.direction} />
        </div>
        {closed ? (
          <div className="contract-summary__result">
            {contract.result ? <ResultTag result={contract.result} /> : null}
            <span className="contract-card__pnl">
              <small>{t("orders.pnl")}</small>
              <strong
                className={`num ${contract.profit ? pnlClass(contract.profit) : ""}`}
                data-testid="contract-pnl"
              >
                {contract.profit ? formatMoney(contract.profit, locale, { signed: true }) : "—"}
              </strong>
            </span>
          </div>
        ) : (
          <LiveSummary contract={contract} product={product} />
        )}
      </section>

      <section className="card contract-section">
        <h2 className="contract-section__title">{t("orders.terms")}</h2>
        <dl className="contract-rows">
          <div>
            <dt>{t("orders.orderNo")}</dt>
            <dd className="num contract-rows__copy" data-testid="contract-order-no">
              <span>{contract.orderNo}</span>
              <CopyButton text={contract.orderNo} label={t("orders.orderNo")} />
            </dd>
          </div>
          <div>
            <dt>{t("orders.product")}</dt>
            <dd>{product ? `${product.name} · ${contract.symbol}` : contract.symbol}</dd>
          </div>
          <div>
            <dt>{t("trading.direction")}</dt>
            <dd>
              <DirectionTag direction={contract.direction} />
            </dd>
          </div>
          <div>
            <dt>{t("trading.amount")}</dt>
            <dd className="num" data-testid="contract-amount">
              {money(contract.stake)}
            </dd>
          </div>
          <div>
            <dt>{t("trading.duration")}</dt>
            <dd className="num">{t("trading.seconds", { seconds: contract.durationSeconds })}</dd>
          </div>
          <div>
            <dt>{t("trading.rate")}</dt>
            <dd className="num">{formatRate(contract.payoutRateBps, locale)}</dd>
          </div>
          <div>
            <dt>{t("orders.acceptedAt")}</dt>
            <dd className="num">{time(contract.acceptedAt)}</dd>
          </div>
          <div>
            <dt>{t("orders.expiresAt")}</dt>
            <dd className="num">{time(contract.expiresAt)}</dd>
          </div>
          <div>
            <dt>{t("orders.closeTime")}</dt>
            <dd className="num">{time(contract.settledAt)}</dd>
          </div>
          <div>
            <dt>{t("orders.payout")}</dt>
            <dd className="num contract-rows__strong" data-testid="contract-payout">
              {money(contract.payout)}
            </dd>
          </div>
        </dl>
      </section>

      <TickCard title={t("orders.entryTick")} tick={contract.entry} testId="contract-entry">
        {contract.status === "void" ? t("orders.noEntryTick") : t("trading.waitingEntry")}
      </TickCard>
      <TickCard title={t("orders.exitTick")} tick={contract.exit} testId="contract-exit">
        {contract.status === "void"
          ? contract.entry
            ? t("orders.noExitTick")
            : t("orders.noEntryTick")
          : t("orders.exitPending")}
      </TickCard>

      {closed ? (
        <VerifyPanel contract={contract} onFailedTick={setFailedSeq} />
      ) : (
        <section className="card contract-section">
          <h2 className="contract-section__title">{t("orders.verify.title")}</h2>
          <p className="contract-note">{t("orders.verify.onlyClosed")}</p>
        </section>
      )}

      {closed && contract.ticks.length > 0 ? <TickList contract={contract} failedSeq={failedSeq} /> : null}
    </>
  );
}

/** An open contract: its countdown, the live price and what it would pay at that price. */
function LiveSummary({ contract, product }: { contract: Detail; product: Product | undefined }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  useLiveTickers();
  const ticker = useTicker(contract.symbol, product?.ticker ?? null);
  const now = useNow(true);
  const estimate = estimateAt(contract, ticker?.price ?? null);
  return (
    <>
      <PositionTimer contract={contract} phase="live" now={now} />
      <dl className="contract-rows">
        <div>
          <dt>{t("orders.livePrice")}</dt>
          <dd className="num">{ticker ? formatTickPrice(ticker.price, locale) : "—"}</dd>
        </div>
        <div>
          <dt>{t("orders.estPnl")}</dt>
          <dd className={`num contract-rows__strong ${estimate ? pnlClass(estimate.profit) : ""}`}>
            {estimate ? formatMoney(estimate.profit, locale, { signed: true }) : "—"}
          </dd>
        </div>
      </dl>
    </>
  );
}

/** A recorded tick the contract refers to: time, price, sequence number and hash; or why there is none. */
function TickCard({
  title,
  tick,
  testId,
  children,
}: {
  title: string;
  tick: ContractTick | null;
  testId: string;
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <section className="card contract-section" data-testid={testId}>
      <h2 className="contract-section__title">{title}</h2>
      {tick ? (
        <dl className="contract-rows">
          <div>
            <dt>{t("orders.tickTime")}</dt>
            <dd className="num">{formatDateTimeSeconds(tick.time, locale)}</dd>
          </div>
          <div>
            <dt>{t("orders.tickPrice")}</dt>
            <dd className="num contract-rows__strong" data-testid={`${testId}-price`}>
              {formatTickPrice(tick.price, locale)}
            </dd>
          </div>
          <div>
            <dt>{t("orders.tickSeq")}</dt>
            <dd className="num">#{tick.seq}</dd>
          </div>
          <div>
            <dt>{t("orders.tickHash")}</dt>
            <dd className="contract-rows__copy">
              <code className="contract-hash" title={tick.hash} data-testid={`${testId}-hash`}>
                {shortHash(tick.hash)}
              </code>
              <CopyButton text={tick.hash} label={`${title} ${t("orders.tickHash")}`} />
            </dd>
          </div>
        </dl>
      ) : (
        <p className="contract-note">{children}</p>
      )}
    </section>
  );
}
