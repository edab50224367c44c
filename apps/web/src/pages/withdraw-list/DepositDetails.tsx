import type { Deposit } from "@tickfair/contract";
import { useTranslation } from "react-i18next";
import { useDeposits } from "../../api/cashier";
import { CashierOrdersPage, OrderCard } from "./CashierOrders";

/** Deposit details: each deposit request with its order number, status and review. */
export default function DepositDetails() {
  return <CashierOrdersPage kind="deposit" query={useDeposits()} Card={DepositCard} />;
}

function DepositCard({ order: deposit }: { order: Deposit }) {
  const { t } = useTranslation();
  return (
    <OrderCard
      order={deposit}
      kind="deposit"
      rows={[
        {
          label: t("orders.method"),
          value: (
            <>
              {deposit.method.name}
              <small className="order-card__kind">
                {deposit.method.kind === "bank" ? t("deposit.kindBank") : t("account.typeCrypto")}
              </small>
            </>
          ),
        },
        { label: t("orders.reference"), value: deposit.reference, className: "num" },
        deposit.hasProof && { label: t("orders.proof"), value: t("orders.proofAttached") },
      ]}
    />
  );
}
