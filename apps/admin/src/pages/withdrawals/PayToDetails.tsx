import type { OperatorWithdrawal } from "@tickfair/contract";
import { Descriptions, Typography } from "antd";
import { useTranslation } from "react-i18next";

/** The fields the server sends in `payTo`, in the order a payer reads them; others follow by their key. */
const KNOWN_FIELDS = [
  "accountName",
  "bankName",
  "cardNumber",
  "bankAddress",
  "nationality",
  "network",
  "address",
] as const;
type KnownField = (typeof KNOWN_FIELDS)[number];
const isKnown = (key: string): key is KnownField => (KNOWN_FIELDS as readonly string[]).includes(key);

/** The full, unmasked destination the operator pays out to, each value copyable. */
export function PayToDetails({ withdrawal }: { withdrawal: OperatorWithdrawal }) {
  const { t } = useTranslation();
  const entries = Object.entries(withdrawal.payTo).sort(
    ([a], [b]) =>
      (isKnown(a) ? KNOWN_FIELDS.indexOf(a) : KNOWN_FIELDS.length) -
      (isKnown(b) ? KNOWN_FIELDS.indexOf(b) : KNOWN_FIELDS.length),
  );
  return (
    // Zero width, then the cell's: a long address wraps here instead of widening every column above.
    <div className="pay-to">
      <Descriptions
        size="small"
        column={2}
        title={t(`withdrawals.method.${withdrawal.method}`)}
        items={entries.map(([key, value]) => ({
          key,
          label: isKnown(key) ? t(`withdrawals.payTo.${key}`) : key,
          children: value ? (
            <Typography.Text className="mono break-all" copyable>
              {value}
            </Typography.Text>
          ) : (
            "—"
          ),
        }))}
      />
    </div>
  );
}
