import { type ExpectedValue, formatMoney, type Product, type ProductTermsHistory } from "@tickfair/contract";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useExpectedValue, useTermsHistory } from "../../api/terms";
import { useProduct } from "../../api/trading";
import { PageNavBar } from "../../components/PageNavBar/PageNavBar";
import { QueryCard } from "../../components/QueryCard/QueryCard";
import { detailPath, paths } from "../../lib/paths";
import { formatCalendarDate } from "../../lib/savings-format";
import { formatRate, formatTickPrice } from "../../lib/trading-format";
import { formatPer100, formatSince, realizedFigure } from "../../lib/value-format";
import { Navigate, useSearchParams } from "../../router";
import "./detail.css";

/**
 * A product's published terms: the current table (durations, rates, stake limits) and when it took
 * effect, what each duration is worth per 100 at fair odds and what users actually got back, and every
 * earlier version. Public: the terms are the same for everyone.
 */
export default function ProductRules() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const symbol = params.get("symbol") ?? "";
  const product = useProduct(symbol, i18n.language);
  const history = useTermsHistory(symbol);
  const value = useExpectedValue(symbol);
  if (symbol === "") return <Navigate to={paths.product} replace />;
  const queries = [product, history, value] as const;
  const failed = queries.find((query) => query.isError);
  return (
    <div className="page">
      <PageNavBar
        title={product.data ? `${product.data.name} · ${t("trading.rules.title")}` : t("trading.rules.title")}
        backTo={detailPath(symbol)}
      />
      <main className="page__body detail product-rules">
        {failed ? (
          <QueryCard query={failed} lines={0} />
        ) : product.data && history.data && value.data ? (
          <RulesBody product={product.data} history={history.data} value={value.data} />
        ) : (
          [3, 6, 2].map((lines) => <QueryCard key={lines} query={product} heading lines={lines} />)
        )}
      </main>
    </div>
  );
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <section className="card cashier-card product-rules__section" data-testid={testId}>
      <h2 className="cashier-card__title">{title}</h2>
      {children}
    </section>
  );
}

function RulesBody({
  product,
  history,
  value,
}: {
  product: Product;
  history: ProductTermsHistory;
  value: ExpectedValue;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const money = (amount: string) => formatMoney(amount, locale);
  const current = history.items[0];
  const count = (n: number) => n.toLocaleString(locale);
  return (
    <>
      <Section title={t("trading.rules.current")} testId="rules-current">
        {current ? (
          <p className="product-rules__text" data-testid="rules-version">
            {t("trading.rules.version", { version: count(current.version) })} ·{" "}
            {t("trading.rules.since", { time: formatSince(current.effectiveFrom, locale) })}
          </p>
        ) : null}
        <dl className="trade-figures">
          <div>
            <dt>{t("trading.rules.stakes")}</dt>
            <dd className="num">{`${money(product.minStake)} – ${money(product.maxStake)}`}</dd>
          </div>
        </dl>
        <p className="product-rules__text">{t("trading.rules.sameForAll")}</p>
      </Section>

      <Section title={t("trading.rules.perDuration")} testId="rules-durations">
        {value.durations.map((d) => {
          const realized = realizedFigure(d, value.minContracts);
          return (
            <div
              key={d.seconds}
              className="product-rules__duration"
              data-testid={`rules-duration-${d.seconds}`}
            >
              <h3>
                {t("trading.durationChip", { seconds: d.seconds, rate: formatRate(d.payoutRateBps, locale) })}
              </h3>
              <dl className="trade-figures">
                {d.fair ? (
                  <>
                    <div>
                      <dt>{t("trading.rules.fairUp")}</dt>
                      <dd className="num">{formatPer100(d.fair.up.per100, locale)}</dd>
                    </div>
                    <div>
                      <dt>{t("trading.rules.fairDown")}</dt>
                      <dd className="num">{formatPer100(d.fair.down.per100, locale)}</dd>
                    </div>
                  </>
                ) : null}
                <div>
                  <dt>{t("trading.rules.realized")}</dt>
                  <dd className="num">
                    {realized.kind === "figure" ? formatPer100(realized.per100, locale) : "—"}
                  </dd>
                </div>
              </dl>
              <p className="product-rules__text">
                {realized.kind === "figure"
                  ? t("trading.value.contracts", {
                      count: realized.contracts,
                      number: count(realized.contracts),
                    })
                  : t("trading.value.tooFew", {
                      count: realized.contracts,
                      number: count(realized.contracts),
                      min: count(realized.min),
                    })}
              </p>
            </div>
          );
        })}
        <p className="product-rules__text">
          {value.model === "simulator" && value.modelPrice
            ? t("trading.rules.fairExplain", { price: formatTickPrice(value.modelPrice, locale) })
            : t("trading.rules.noModel")}
        </p>
        <p className="product-rules__text">
          {value.realizedOn && value.periodTo
            ? t("trading.rules.realizedExplain", {
                days: count(value.periodDays),
                date: formatCalendarDate(value.periodTo, locale),
              })
            : t("trading.rules.realizedNone")}
        </p>
      </Section>

      <section className="card cashier-card product-rules__section" data-testid="rules-history">
        <details>
          <summary className="cashier-card__title">
            {t("trading.rules.history")} ({count(history.items.length)})
          </summary>
          <ol className="product-rules__history">
            {history.items.map((version) => (
              <li key={version.version} data-testid={`rules-history-${version.version}`}>
                <strong>{t("trading.rules.version", { version: count(version.version) })}</strong>
                <span className="product-rules__text">
                  {t("trading.rules.since", { time: formatSince(version.effectiveFrom, locale) })}
                  {version.reconstructed ? ` · ${t("trading.rules.reconstructed")}` : ""}
                </span>
                <span>
                  {version.durations
                    .map((d) =>
                      t("trading.durationChip", {
                        seconds: d.seconds,
                        rate: formatRate(d.payoutRateBps, locale),
                      }),
                    )
                    .join(" / ")}
                </span>
                <span>
                  {t("trading.rules.stakesValue", {
                    range: `${money(version.minStake)} – ${money(version.maxStake)}`,
                  })}
                </span>
              </li>
            ))}
          </ol>
        </details>
      </section>
    </>
  );
}
