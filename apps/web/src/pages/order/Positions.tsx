import type { UseQueryResult } from "@tanstack/react-query";
import { type Contract, type ContractList, formatMoney, type Product } from "@tickfair/contract";
import { comparePrices } from "@tickfair/verify";
import { type ReactNode, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useTicker } from "../../api/market-socket";
import { DetailRows } from "../../components/DetailRows/DetailRows";
import { EmptyState } from "../../components/EmptyState/EmptyState";
import { LoadError } from "../../components/LoadError/LoadError";
import { DirectionMark } from "../../components/market/DirectionMark";
import { NavButton } from "../../components/NavButton/NavButton";
import { RecordListSkeleton } from "../../components/PagedList/PagedList";
import { RefreshOnPull } from "../../components/RefreshOnPull/RefreshOnPull";
import { ContractWalletMark } from "../../components/WalletBar/WalletMark";
import { estimateAt } from "../../lib/contract-outcome";
import { useNow } from "../../lib/countdown";
import { orderDetailPath, paths } from "../../lib/paths";
import { pnlClass } from "../../lib/pnl";
import { formatTickPrice } from "../../lib/trading-format";
import { Link } from "../../router";
import { PositionTimer } from "./PositionTimer";
import { DirectionTag, ProductName } from "./parts";
import { type PositionCard as Card, PositionTracker } from "./position-tracker";

interface PositionsProps {
  query: UseQueryResult<ContractList>;
  /** The closed records loaded so far, where a position that just closed finds its result. */
  closed: readonly Contract[];
  products: ReadonlyMap<string, Product>;
  onRefresh: () => Promise<void>;
}

/** The positions tab: pending and open contracts, each with its countdown and live estimate. */
export function Positions({ query, closed, products, onRefresh }: PositionsProps) {
  const { t } = useTranslation();
  const tracker = useRef<PositionTracker | null>(null);
  tracker.current ??= new PositionTracker();
  const shown = useRef(0);
  const now = useNow((query.data?.items.length ?? 0) > 0 || shown.current > 0);

  let body: ReactNode;
  if (query.isPending) {
    body = <RecordListSkeleton rows={2} lines={3} />;
  } else if (query.isError && !query.data) {
    body = (
      <div className="card cashier-card">
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      </div>
    );
  } else {
    const cards = tracker.current.cards(query.data?.items ?? [], closed, now);
    shown.current = cards.length;
    body =
      cards.length === 0 ? (
        <div className="card">
          <EmptyState
            title={t("orders.noPositions")}
            text={t("orders.noPositionsText")}
            testId="positions-empty"
            action={<NavButton to={paths.product}>{t("orders.tradeNow")}</NavButton>}
          />
        </div>
      ) : (
        <ul className="record-list" data-testid="positions">
          {cards.map((card) => (
            <PositionCard
              key={card.contract.id}
              card={card}
              product={products.get(card.contract.symbol)}
              now={now}
            />
          ))}
        </ul>
      );
  }

  return <RefreshOnPull onRefresh={onRefresh}>{body}</RefreshOnPull>;
}

function PositionCard({ card, product, now }: { card: Card; product: Product | undefined; now: number }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { contract, phase } = card;
  const ticker = useTicker(contract.symbol, product?.ticker ?? null);
  const settled = phase === "settled";
  const price = settled ? (contract.exit?.price ?? null) : (ticker?.price ?? null);
  const estimate = settled ? null : estimateAt(contract, price);
  const profit = settled ? contract.profit : (estimate?.profit ?? null);
  const move = contract.entry && price ? comparePrices(price, contract.entry.price) : 0;
  const moved = move > 0 ? "up" : move < 0 ? "down" : "flat";

  return (
    <li
      className={`contract-card card contract-card--${phase}`}
      data-testid="position"
      data-id={contract.id}
      data-status={contract.status}
      data-phase={phase}
    >
      <Link to={orderDetailPath(contract.id)} className="contract-card__link">
        <div className="card-head contract-card__head">
          <ProductName symbol={contract.symbol} product={product} />
          <ContractWalletMark contract={contract} />
          <DirectionTag direction={contract.direction} />
        </div>
        <PositionTimer contract={contract} phase={phase} now={now} />
        <DetailRows
          className="contract-rows"
          rows={[
            {
              label: t("trading.amount"),
              value: formatMoney(contract.stake, locale),
              className: "num",
              testId: "position-amount",
            },
            {
              label: t("orders.buyPrice"),
              value: contract.entry ? formatTickPrice(contract.entry.price, locale) : "—",
              className: "num",
              testId: "position-entry",
            },
            {
              label: settled ? t("orders.closePrice") : t("orders.livePrice"),
              value: price ? (
                <>
                  {/* Above or below the entry price: said, not only coloured. */}
                  <DirectionMark direction={moved} spoken />
                  {formatTickPrice(price, locale)}
                </>
              ) : (
                "—"
              ),
              className: `num contract-price contract-price--${moved}`,
              testId: "position-price",
            },
            {
              label: settled ? t("orders.pnl") : t("orders.estPnl"),
              value: profit ? formatMoney(profit, locale, { signed: true }) : "—",
              className: `num contract-rows__strong ${profit ? pnlClass(profit) : ""}`,
              testId: "position-pnl",
            },
          ]}
        />
      </Link>
    </li>
  );
}
