import { useTranslation } from "react-i18next";
import { useLiveTickers } from "../../api/market-socket";
import { useClosedContracts, useOpenContracts } from "../../api/trading";
import { PageNavBar } from "../../components/PageNavBar/PageNavBar";
import { Segment, Segmented } from "../../components/Segmented/Segmented";
import { WalletBar } from "../../components/WalletBar/WalletBar";
import { paths } from "../../lib/paths";
import { useSearchParams } from "../../router";
import { useWallet } from "../../store/wallet";
import { ClosedRecords } from "./ClosedRecords";
import { Positions } from "./Positions";
import { useProductsBySymbol } from "./parts";
import "./order.css";

const TABS = ["positions", "closed"] as const;
type Tab = (typeof TABS)[number];

/**
 * Order records: the open positions with their countdown and live estimate, and the closed positions.
 * Nothing here polls: positions and records change with the user's socket messages (realtime.ts),
 * prices with the public tickers.
 */
export default function Orders() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get("tab") === "closed" ? "closed" : "positions";
  const wallet = useWallet((s) => s.wallet);
  const open = useOpenContracts();
  // Read on both tabs: a position that closes while on screen shows its result from here.
  const closed = useClosedContracts();
  const products = useProductsBySymbol();
  useLiveTickers();
  const openCount = open.data?.items.length ?? 0;

  return (
    <div className="page orders-page">
      <PageNavBar title={t("orders.title")} backTo={paths.user} />
      <div className="orders-tabs">
        <WalletBar />
        <Segmented label={t("orders.title")}>
          {TABS.map((value) => (
            <Segment
              key={value}
              active={tab === value}
              data-testid={`orders-tab-${value}`}
              // The tab is in the address, so "back" from a contract's detail returns to it.
              onClick={() => setParams(value === "closed" ? { tab: value } : {}, { replace: true })}
            >
              {value === "positions" ? t("orders.tabPositions") : t("orders.tabClosed")}
              {value === "positions" && openCount > 0 ? (
                <span className="orders-tabs__count num" data-testid="orders-open-count">
                  {openCount}
                </span>
              ) : null}
            </Segment>
          ))}
        </Segmented>
      </div>
      <main className="page__body cashier orders-body" role="tabpanel">
        {tab === "positions" ? (
          <Positions
            // Each wallet's positions are tracked apart: a card of the other wallet is not "settling".
            key={wallet}
            query={open}
            closed={closed.data?.pages.flatMap((page) => page.items) ?? []}
            products={products}
            onRefresh={async () => {
              await Promise.all([open.refetch(), closed.refetch()]);
            }}
          />
        ) : (
          <ClosedRecords query={closed} products={products} />
        )}
      </main>
    </div>
  );
}
