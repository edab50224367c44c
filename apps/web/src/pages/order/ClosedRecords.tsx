import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import { type Contract, type ContractPage, formatMoney, type Product } from "@tickfair/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmptyState } from "../../components/EmptyState/EmptyState";
import { PagedList } from "../../components/PagedList/PagedList";
import { orderDetailPath } from "../../lib/paths";
import { pnlClass } from "../../lib/pnl";
import { formatDateTime } from "../../lib/time";
import { formatTickPrice } from "../../lib/trading-format";
import { DirectionTag, ProductName, ResultTag } from "./parts";

interface ClosedRecordsProps {
  query: UseInfiniteQueryResult<InfiniteData<ContractPage>, Error>;
  products: ReadonlyMap<string, Product>;
}

/** The closed positions tab: settled and void contracts, newest first, page by page. */
export function ClosedRecords({ query, products }: ClosedRecordsProps) {
  const { t } = useTranslation();
  return (
    <PagedList
      query={query}
      testId="records"
      empty={
        <EmptyState
          title={t("orders.noOrderRecords")}
          text={t("orders.noOrderRecordsText")}
          testId="records-empty"
        />
      }
      renderItem={(contract) => (
        <RecordCard key={contract.id} contract={contract} product={products.get(contract.symbol)} />
      )}
    />
  );
}

function RecordCard({ contract, product }: { contract: Contract; product: Product | undefined }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const price = (value: string | undefined) => (value ? formatTickPrice(value, locale) : "—");
  return (
    <li
      className="contract-card card"
      data-testid="record"
      data-id={contract.id}
      data-result={contract.result ?? ""}
    >
      <Link to={orderDetailPath(contract.id)} className="contract-card__link">
        <div className="contract-card__head">
          <ProductName symbol={contract.symbol} product={product} />
          {contract.result ? <ResultTag result={contract.result} /> : null}
        </div>
        <div className="contract-card__outcome">
          <DirectionTag direction={contract.direction} />
          <span className="contract-card__pnl">
            <small>{t("orders.pnl")}</small>
            <strong
              className={`num ${contract.profit ? pnlClass(contract.profit) : ""}`}
              data-testid="record-pnl"
            >
              {contract.profit ? formatMoney(contract.profit, locale, { signed: true }) : "—"}
            </strong>
          </span>
        </div>
        <dl className="contract-rows">
          <div>
            <dt>{t("orders.orderNo")}</dt>
            <dd className="num" data-testid="record-order-no">
              {contract.orderNo}
            </dd>
          </div>
          <div>
            <dt>{t("trading.amount")}</dt>
            <dd className="num" data-testid="record-amount">
              {formatMoney(contract.stake, locale)}
            </dd>
          </div>
          <div>
            <dt>{t("orders.buyPrice")}</dt>
            <dd className="num" data-testid="record-entry">
              {price(contract.entry?.price)}
            </dd>
          </div>
          <div>
            <dt>{t("orders.closePrice")}</dt>
            <dd className="num" data-testid="record-exit">
              {price(contract.exit?.price)}
            </dd>
          </div>
          <div>
            <dt>{t("orders.holdingTime")}</dt>
            <dd className="num">{t("trading.seconds", { seconds: contract.durationSeconds })}</dd>
          </div>
          <div>
            <dt>{t("orders.closeTime")}</dt>
            <dd className="num">{contract.settledAt ? formatDateTime(contract.settledAt, locale) : "—"}</dd>
          </div>
        </dl>
      </Link>
    </li>
  );
}
