import {
  type ContractTick,
  type ContractDetail as Detail,
  formatMoney,
  type Product,
} from "@tickfair/contract";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/errors";
import { useLiveTickers, useTicker } from "../../api/market-socket";
import { useContractDetail } from "../../api/trading";
import { CopyButton } from "../../components/CopyButton/CopyButton";
import { DetailRows } from "../../components/DetailRows/DetailRows";
import { EmptyState } from "../../components/EmptyState/EmptyState";
import { NavButton } from "../../components/NavButton/NavButton";
import { PageNavBar } from "../../components/PageNavBar/PageNavBar";
import { QueryCard } from "../../components/QueryCard/QueryCard";
import { ContractWalletMark } from "../../components/WalletBar/WalletMark";
import { estimateAt } from "../../lib/contract-outcome";
import { useNow } from "../../lib/countdown";
import { paths } from "../../lib/paths";
import { pnlClass } from "../../lib/pnl";
import { formatDateTimeSeconds } from "../../lib/time";
import { formatRate, formatTickPrice, shortHash } from "../../lib/trading-format";
import { useSearchParams } from "../../router";
import { PositionTimer } from "./PositionTimer";
import { ContractPnl, DirectionTag, ProductName, ResultTag, useProductsBySymbol } from "./parts";
import { TickList } from "./TickList";
import { VerifyPanel } from "./VerifyPanel";
import "./order.css";

const ID = /^\d{1,19}$/;

/** One contract: its terms, entry and exit ticks, result and payout, the ticks between, and Verify. */
export default function ContractDetail() {
  const { t } = useTranslation();
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
          action={<NavButton to={paths.order}>{t("orders.backToOrders")}</NavButton>}
        />
      </div>
    );
  } else if (detail.isPending) {
    body = <QueryCard query={detail} heading lines={6} className="card contract-section" />;
  } else if (!detail.data) {
    body = <QueryCard query={detail} lines={0} />;
  } else {
    body = (
      <DetailBody
        contract={detail.data}
        product={products.get(detail.data.symbol)}
        verifyNow={params.get("verify") === "1"}
      />
    );
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

function DetailBody({
  contract,
  product,
  verifyNow,
}: {
  contract: Detail;
  product: Product | undefined;
  /** Came by a result's "Verify": run it at once. */
  verifyNow: boolean;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const closed = contract.status === "settled" || contract.status === "void";
  const [failedSeq, setFailedSeq] = useState<string | null>(null);
  const money = (value: string | null) => (value ? formatMoney(value, locale) : "—");
  const time = (value: string | null) => (value ? formatDateTimeSeconds(value, locale) : "—");

  return (
    <>
      <section className="card contract-section contract-summary" data-testid="contract-summary">
        <div className="card-head contract-card__head">
          <ProductName symbol={contract.symbol} product={product} />
          <ContractWalletMark contract={contract} />
          <DirectionTag direction={contract.direction} />
        </div>
        {closed ? (
          <div className="contract-summary__result">
            {contract.result ? <ResultTag result={contract.result} /> : null}
            <ContractPnl profit={contract.profit} testId="contract-pnl" />
          </div>
        ) : (
          <LiveSummary contract={contract} product={product} />
        )}
      </section>

      <section className="card contract-section">
        <h2 className="contract-section__title">{t("orders.terms")}</h2>
        <DetailRows
          className="contract-rows"
          rows={[
            {
              label: t("orders.orderNo"),
              value: (
                <>
                  <span>{contract.orderNo}</span>
                  <CopyButton text={contract.orderNo} label={t("orders.orderNo")} />
                </>
              ),
              className: "num contract-rows__copy",
              testId: "contract-order-no",
            },
            {
              label: t("orders.product"),
              value: product ? `${product.name} · ${contract.symbol}` : contract.symbol,
            },
            { label: t("trading.direction"), value: <DirectionTag direction={contract.direction} /> },
            {
              label: t("trading.amount"),
              value: money(contract.stake),
              className: "num",
              testId: "contract-amount",
            },
            {
              label: t("trading.duration"),
              value: t("trading.seconds", { seconds: contract.durationSeconds }),
              className: "num",
            },
            { label: t("trading.rate"), value: formatRate(contract.payoutRateBps, locale), className: "num" },
            { label: t("orders.acceptedAt"), value: time(contract.acceptedAt), className: "num" },
            { label: t("orders.expiresAt"), value: time(contract.expiresAt), className: "num" },
            { label: t("orders.closeTime"), value: time(contract.settledAt), className: "num" },
            {
              label: t("orders.payout"),
              value: money(contract.payout),
              className: "num contract-rows__strong",
              testId: "contract-payout",
            },
          ]}
        />
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
        <VerifyPanel contract={contract} onFailedTick={setFailedSeq} runNow={verifyNow} />
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
      <DetailRows
        className="contract-rows"
        rows={[
          {
            label: t("orders.livePrice"),
            value: ticker ? formatTickPrice(ticker.price, locale) : "—",
            className: "num",
          },
          {
            label: t("orders.estPnl"),
            value: estimate ? formatMoney(estimate.profit, locale, { signed: true }) : "—",
            className: `num contract-rows__strong ${estimate ? pnlClass(estimate.profit) : ""}`,
          },
        ]}
      />
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
        <DetailRows
          className="contract-rows"
          rows={[
            {
              label: t("orders.tickTime"),
              value: formatDateTimeSeconds(tick.time, locale),
              className: "num",
            },
            {
              label: t("orders.tickPrice"),
              value: formatTickPrice(tick.price, locale),
              className: "num contract-rows__strong",
              testId: `${testId}-price`,
            },
            { label: t("orders.tickSeq"), value: `#${tick.seq}`, className: "num" },
            {
              label: t("orders.tickHash"),
              value: (
                <>
                  <code className="contract-hash" title={tick.hash} data-testid={`${testId}-hash`}>
                    {shortHash(tick.hash)}
                  </code>
                  <CopyButton text={tick.hash} label={`${title} ${t("orders.tickHash")}`} />
                </>
              ),
              className: "contract-rows__copy",
            },
          ]}
        />
      ) : (
        <p className="contract-note">{children}</p>
      )}
    </section>
  );
}
