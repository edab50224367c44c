import type { ProductCategory } from "@tickfair/contract";
import { SearchBar, Toast } from "antd-mobile";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useProducts } from "../../api/market";
import { useLiveTickers } from "../../api/market-socket";
import { Chip } from "../../components/Chip/Chip";
import { EmptyState } from "../../components/EmptyState/EmptyState";
import { useHydrated } from "../../components/Hydrated/Hydrated";
import { ProductList, SimulatedBadge } from "../../components/market/ProductList";
import { PageNavBar } from "../../components/PageNavBar/PageNavBar";
import "./product.css";
import { RefreshOnPull } from "../../components/RefreshOnPull/RefreshOnPull";

const SEARCH_DEBOUNCE_MS = 250;
/** The contract's PRODUCT_CATEGORIES, restated: that module carries zod, which stays out of the app. */
const CATEGORIES: readonly ProductCategory[] = ["crypto", "fx", "metal", "index"];

/** The search text, settled: what was typed once typing has paused for a moment. */
function useDebounced(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** Tab 2: every product, searchable by name (in the current language) or symbol, live prices. */
export default function ProductPage() {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState("");
  const [category, setCategory] = useState<ProductCategory | "">("");
  const q = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const query = useProducts(i18n.language, q);
  useLiveTickers();
  // Prerendered, the list is its skeleton; prices fetched before the page is taken over wait for it.
  const hydrated = useHydrated();

  const items = hydrated ? query.data?.items : undefined;
  const shown = useMemo(
    () => (items && category !== "" ? items.filter((p) => p.category === category) : items),
    [items, category],
  );
  // Once known, the label stays (also over an empty search result).
  const simulatedSeen = useRef(false);
  if (items?.some((p) => p.simulated)) simulatedSeen.current = true;
  const simulated = simulatedSeen.current;

  function submit(value: string) {
    if (value.trim() === "") Toast.show({ content: t("market.enterName"), position: "center" });
  }

  return (
    <div className="product-page">
      <PageNavBar title={t("market.title")} backTo={false} right={simulated ? <SimulatedBadge /> : null} />
      <div className="product-search">
        <SearchBar
          placeholder={t("market.enterName")}
          value={text}
          onChange={setText}
          onSearch={submit}
          onClear={() => setText("")}
          data-testid="product-search"
          aria-label={t("market.enterName")}
        />
        <div className="product-filter" role="tablist" aria-label={t("market.categories")}>
          {(["", ...CATEGORIES] as const).map((value) => (
            <Chip
              key={value || "all"}
              role="tab"
              active={category === value}
              aria-selected={category === value}
              data-testid={`product-category-${value || "all"}`}
              onClick={() => setCategory(value)}
            >
              {value === "" ? t("market.all") : t(`market.category.${value}`)}
            </Chip>
          ))}
        </div>
      </div>
      <RefreshOnPull onRefresh={() => query.refetch()}>
        <main className="product-page__body">
          <div className="card product-list">
            <ProductList
              products={shown}
              pending={!hydrated || query.isPending}
              paused={hydrated && query.fetchStatus === "paused"}
              error={hydrated ? query.error : null}
              onRetry={() => void query.refetch()}
              empty={
                <EmptyState
                  title={t("market.noData")}
                  text={q !== "" ? t("market.noMatch", { q }) : undefined}
                  testId="product-empty"
                />
              }
              showCategory
              skeletonRows={8}
              testId="product-list"
            />
          </div>
          {simulated ? <p className="product-page__note">{t("market.simulatedHint")}</p> : null}
        </main>
      </RefreshOnPull>
    </div>
  );
}
