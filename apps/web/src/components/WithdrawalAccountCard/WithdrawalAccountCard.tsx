import type { WithdrawalAccount } from "@tickfair/contract";
import { useTranslation } from "react-i18next";
import { nationalityName } from "../../lib/countries";
import { formatDateTime } from "../../lib/time";
import { IconBank, IconCoin } from "../icons";
import "./withdrawal-account-card.css";

/** A bound withdrawal account as the server shows it back (numbers and addresses masked). */
export function WithdrawalAccountCard({
  account,
  compact = false,
}: {
  account: WithdrawalAccount;
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const bank = account.type === "bank";
  const rows: [string, string | null, string][] = bank
    ? [
        [t("account.accountName"), account.accountName, "account-name"],
        [
          t("account.nationality"),
          account.nationality && nationalityName(account.nationality, i18n.language),
          "account-nationality",
        ],
        [t("account.bankName"), account.bankName, "account-bank"],
        [t("account.cardNumber"), account.cardNumber, "account-card"],
        [t("account.bankAddress"), account.bankAddress, "account-bank-address"],
      ]
    : [
        [t("account.network"), account.network, "account-network"],
        [t("account.address"), account.address, "account-address"],
      ];
  const shown = compact
    ? rows.filter(([, , id]) =>
        ["account-bank", "account-card", "account-network", "account-address"].includes(id),
      )
    : rows;
  return (
    <div className="wa-card" data-testid="withdrawal-account">
      <div className="wa-card__head">
        <span className={`icon-tile icon-tile--${account.type} wa-card__icon`}>
          {bank ? <IconBank /> : <IconCoin />}
        </span>
        <span className="wa-card__type">{bank ? t("account.typeBank") : t("account.typeCrypto")}</span>
      </div>
      <dl className="wa-card__rows">
        {shown.map(([label, value, id]) =>
          value ? (
            <div key={id} className="wa-card__row">
              <dt>{label}</dt>
              <dd
                className={
                  id === "account-card" || id === "account-address" ? "num wa-card__secret" : undefined
                }
                data-testid={id}
              >
                {value}
              </dd>
            </div>
          ) : null,
        )}
        {compact ? null : (
          <div className="wa-card__row">
            <dt>{t("account.boundAt")}</dt>
            <dd className="num">{formatDateTime(account.boundAt, i18n.language)}</dd>
          </div>
        )}
      </dl>
    </div>
  );
}
