import { type DepositMethod, formatMoney } from "@tickfair/contract";
import { useTranslation } from "react-i18next";
import { IconBank, IconCheck, IconCoin } from "../../components/icons";

/** One way to deposit, chosen with a tap. */
export function MethodOption({
  method,
  selected,
  onSelect,
}: {
  method: DepositMethod;
  selected: boolean;
  onSelect: () => void;
}) {
  const { t, i18n } = useTranslation();
  const Icon = method.kind === "bank" ? IconBank : IconCoin;
  return (
    <button
      type="button"
      aria-pressed={selected}
      className={`tile-row method-option card${selected ? " method-option--selected" : ""}`}
      data-testid={`deposit-method-${method.kind}`}
      data-method-id={method.id}
      onClick={onSelect}
    >
      <span className={`icon-tile icon-tile--${method.kind} method-option__icon`}>
        <Icon />
      </span>
      <span className="tile-row__text method-option__text">
        <strong>{method.name}</strong>
        <small>
          {method.kind === "bank"
            ? t("deposit.kindBank")
            : t("deposit.kindCrypto", { network: method.network ?? "" })}
        </small>
        <small className="num">
          {t("deposit.limits", {
            min: formatMoney(method.minAmount, i18n.language),
            max: formatMoney(method.maxAmount, i18n.language),
          })}
        </small>
      </span>
      <span className="method-option__check" aria-hidden="true">
        {selected ? <IconCheck /> : null}
      </span>
    </button>
  );
}
