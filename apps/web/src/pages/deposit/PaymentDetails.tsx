import type { DepositMethod } from "@tickfair/contract";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { CopyButton } from "../../components/CopyButton/CopyButton";

// The QR code library is fetched only when a currency address is on screen.
const AddressQr = lazy(() => import("./AddressQr").then((m) => ({ default: m.AddressQr })));

function DetailRow({
  label,
  value,
  copy,
  testId,
}: {
  label: string;
  value: string;
  copy?: boolean;
  testId: string;
}) {
  return (
    <div className="detail-row">
      <span className="detail-row__text">
        <span className="detail-row__label">{label}</span>
        <span className="detail-row__value" data-testid={testId}>
          {value}
        </span>
      </span>
      {copy ? <CopyButton text={value} label={label} testId={`${testId}-copy`} /> : null}
    </div>
  );
}

const BANK_ROWS = [
  ["bankName", "deposit.bankName", "deposit-bank-name"],
  ["accountName", "deposit.accountName", "deposit-account-name"],
  ["accountNumber", "deposit.accountNumber", "deposit-account-number"],
] as const;

/** Where to send the money: bank transfer details, or a currency address with its QR code. */
export function PaymentDetails({ method }: { method: DepositMethod }) {
  const { t } = useTranslation();
  return (
    <section className="card cashier-card pay-to" data-testid="deposit-pay-to">
      <h3 className="cashier-card__title">{t("deposit.payTo")}</h3>
      {method.kind === "bank" ? (
        BANK_ROWS.map(([field, label, testId]) => {
          const value = method[field];
          return value ? <DetailRow key={field} label={t(label)} value={value} copy testId={testId} /> : null;
        })
      ) : (
        <>
          {method.network ? (
            <DetailRow label={t("deposit.network")} value={method.network} testId="deposit-network" />
          ) : null}
          {method.address ? (
            <>
              <DetailRow label={t("deposit.address")} value={method.address} copy testId="deposit-address" />
              <Suspense fallback={<div className="address-qr address-qr--loading" />}>
                <AddressQr address={method.address} />
              </Suspense>
            </>
          ) : null}
        </>
      )}
      {method.instructions ? <p className="pay-to__instructions">{method.instructions}</p> : null}
    </section>
  );
}
