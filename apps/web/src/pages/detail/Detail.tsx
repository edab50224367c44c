import type { Contract, Product, Tick } from "@tickfair/contract";
import { Skeleton } from "antd-mobile";
import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/errors";
import { useTicker } from "../../api/market-socket";
import { useProductFeed } from "../../api/product-feed";
import { useSettlements } from "../../api/settlements";
import { useOpenContracts, useProduct } from "../../api/trading";
import { Announcer } from "../../components/Announcer/Announcer";
import { announce } from "../../components/Announcer/announcer";
import { LoadError } from "../../components/LoadError/LoadError";
import { PageNavBar } from "../../components/PageNavBar/PageNavBar";
import { RiskWarning } from "../../components/RiskWarning/RiskWarning";
import { WalletBar } from "../../components/WalletBar/WalletBar";
import { paths } from "../../lib/paths";
import { Link, Navigate, useSearchParams } from "../../router";
import { useSession } from "../../store/session";
import { resultSentence } from "./announcements";
import { ChartCard, ChartSkeleton } from "./ChartCard";
import { DetailHead } from "./DetailHead";
import { DetailPositions } from "./DetailPositions";
import { SettlementCard } from "./SettlementCard";
import { TradePanel } from "./TradePanel";
import "./detail.css";

export default function Detail() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const symbol = params.get("symbol") ?? "";
  const product = useProduct(symbol, i18n.language);
  const signedIn = useSession((s) => s.token !== null);
  // An address without a product names nothing to trade: the products list is where one is chosen.
  if (symbol === "") return <Navigate to={paths.product} replace />;

  return (
    <div className="page detail-page">
      <PageNavBar
        title={product.data?.name ?? symbol}
        backTo={paths.product}
        right={
          signedIn ? (
            <Link to={paths.order} className="navbar-link" data-testid="detail-view-positions">
              {t("trading.viewPositions")}
            </Link>
          ) : null
        }
      />
      <main className="page__body detail">
        <WalletBar />
        {product.isPending ? (
          // The page's frame while the product loads, card for card as tall as what comes: nothing
          // below (the risk warning) moves when it comes.
          <>
            <div className="card detail-card">
              <Skeleton.Title animated />
              <Skeleton.Paragraph lineCount={3} animated />
            </div>
            <ChartSkeleton />
            <div className="card detail-card detail-trade-skeleton">
              <Skeleton.Paragraph lineCount={6} animated />
            </div>
          </>
        ) : product.isError || !product.data ? (
          <div className="card detail-card">
            <LoadError
              error={product.error ?? new ApiError("PRODUCT_NOT_FOUND", 404)}
              title={t("market.loadFailed")}
              onRetry={() => void product.refetch()}
            />
          </div>
        ) : (
          <DetailBody product={product.data} refetch={() => void product.refetch()} />
        )}
        <RiskWarning />
      </main>
      <Announcer />
    </div>
  );
}

function DetailBody({ product, refetch }: { product: Product; refetch: () => void }) {
  const { t, i18n } = useTranslation();
  const ticker = useTicker(product.symbol, product.ticker);
  const [tick, setTick] = useState<Tick | null>(null);
  const lastSeq = useRef<string | null>(null);
  const open = useOpenContracts();
  // This product's contracts that closed during the visit, newest first, until dismissed.
  const [settled, setSettled] = useState<Contract[]>([]);
  useSettlements((contract) => {
    if (contract.symbol !== product.symbol) return;
    setSettled((list) => [contract, ...list.filter((c) => c.id !== contract.id)]);
    announce(resultSentence(t, contract, i18n.language));
  });

  const onTicks = useCallback((items: Tick[]) => {
    const last = items.at(-1);
    if (!last) return;
    lastSeq.current = last.seq;
    setTick(last);
  }, []);
  useProductFeed(
    product.symbol,
    useCallback(() => lastSeq.current, []),
    onTicks,
  );

  return (
    <>
      <DetailHead product={product} ticker={ticker} tick={tick} />
      <ChartCard product={product} tick={tick} />
      <TradePanel product={product} refetch={refetch} quote={tick ?? ticker} />
      {settled.map((contract) => (
        <SettlementCard
          key={contract.id}
          contract={contract}
          product={product}
          onDismiss={() => setSettled((list) => list.filter((c) => c.id !== contract.id))}
        />
      ))}
      <DetailPositions product={product} contracts={open.data?.items ?? []} />
    </>
  );
}
