import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import { type Contract, type ContractPage, formatMoney, type Product } from "@tickfair/contract";
import { useTranslation } from "react-i18next";
import { DetailRows } from "../../components/DetailRows/DetailRows";
import { EmptyState } from "../../components/EmptyState/EmptyState";
import { PagedList } from "../../components/PagedList/PagedList";
import { ContractWalletMark } from "../../components/WalletBar/WalletMark";
import { orderDetailPath } from "../../lib/paths";
import { formatDateTime } from "../../lib/time";
import { formatTickPrice } from "../../lib/trading-format";
import { Link } from "../../router";
import { ContractPnl, DirectionTag, ProductName, ResultTag } from "./parts";

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
        <div className="card-head contract-card__head">
          <ProductName symbol={contract.symbol} product={product} />
          {contract.result ? <ResultTag result={contract.result} /> : null}
        </div>
        <div className="contract-card__outcome">
          <ContractWalletMark contract={contract} />
          <DirectionTag direction={contract.direction} />
          <ContractPnl profit={contract.profit} testId="record-pnl" />
        </div>
        <DetailRows
          className="contract-rows"
          rows={[
            {
              label: t("orders.orderNo"),
              value: contract.orderNo,
              className: "num",
              testId: "record-order-no",
            },
            {
              label: t("trading.amount"),
              value: formatMoney(contract.stake, locale),
              className: "num",
              testId: "record-amount",
            },
            {
              label: t("orders.buyPrice"),
              value: price(contract.entry?.price),
              className: "num",
              testId: "record-entry",
            },
            {
              label: t("orders.closePrice"),
              value: price(contract.exit?.price),
              className: "num",
              testId: "record-exit",
            },
            {
              label: t("orders.holdingTime"),
              value: t("trading.seconds", { seconds: contract.durationSeconds }),
              className: "num",
            },
            {
              label: t("orders.closeTime"),
              value: contract.settledAt ? formatDateTime(contract.settledAt, locale) : "—",
              className: "num",
            },
          ]}
        />
      </Link>
    </li>
  );
}
