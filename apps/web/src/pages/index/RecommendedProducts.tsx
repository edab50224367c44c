import { useTranslation } from "react-i18next";
import { useProducts } from "../../api/market";
import { useLiveTickers } from "../../api/market-socket";
import { EmptyState } from "../../components/EmptyState/EmptyState";
import { IconChevronRight } from "../../components/icons";
import { ProductList, SimulatedBadge } from "../../components/market/ProductList";
import { paths } from "../../lib/paths";
import { Link } from "../../router";

/** How many products home recommends (the catalogue's display order puts the majors first). */
const RECOMMENDED = 5;

/** Home's recommended products, live over the WebSocket; its own chunk, loaded after the page. */
export default function RecommendedProducts() {
  const { t, i18n } = useTranslation();
  const query = useProducts(i18n.language, "");
  useLiveTickers();
  const items = query.data?.items;
  const simulated = items?.some((p) => p.simulated) ?? false;

  return (
    <section className="home-market card" data-testid="home-recommended" aria-labelledby="home-market-title">
      <header className="home-market__header">
        <h2 id="home-market-title">{t("market.recommended")}</h2>
        {simulated ? <SimulatedBadge /> : null}
        <Link to={paths.product} className="home-market__more" data-testid="home-market-more">
          {t("market.more")}
          <IconChevronRight />
        </Link>
      </header>
      <ProductList
        products={items?.slice(0, RECOMMENDED)}
        pending={query.isPending}
        paused={query.fetchStatus === "paused"}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={<EmptyState title={t("market.noData")} testId="home-market-empty" />}
        skeletonRows={RECOMMENDED}
        testId="home-products"
      />
    </section>
  );
}
