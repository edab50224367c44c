import { cleanAmount, formatMoney, lessThanMoney } from "@tickfair/contract";
import { useTranslation } from "react-i18next";
import { Chip } from "../Chip/Chip";
import { TextField } from "../TextField/TextField";
import "./amount-field.css";

export interface AmountFieldProps {
  label: string;
  name: string;
  /** Prefix of the test ids: `${testId}-amount` (the input), `${testId}-all`, `${testId}-quick-${amount}`. */
  testId: string;
  placeholder: string;
  value: string;
  /** A new amount, already cleaned: typed, picked, "All", or completed when the field loses focus. */
  onChange: (value: string) => void;
  /** The most the field takes; longer input is cut to it as it is typed. */
  max: string;
  /** Amounts one tap fills in (those above `max` are left out). */
  quick?: readonly string[];
  /** "grid": whole amounts in three columns (cashier forms); "chips": full amounts in a row. */
  quickLook?: "grid" | "chips";
  /** What the "All" button fills in; no button when undefined, no change when not above zero. */
  all?: string | undefined;
  hint?: string | undefined;
  error?: string | undefined;
}

/** An amount of money: the specification's cleaner as it is typed, quick amounts and "All". */
export function AmountField({
  label,
  name,
  testId,
  placeholder,
  value,
  onChange,
  max,
  quick = [],
  quickLook = "grid",
  all,
  hint,
  error,
}: AmountFieldProps) {
  const { t, i18n } = useTranslation();
  const money = (amount: string) => formatMoney(amount, i18n.language);
  const offered = quick.filter((amount) => !lessThanMoney(max, amount));
  const pick = (amount: string) => {
    const props = {
      "aria-pressed": value === amount,
      "data-testid": `${testId}-quick-${amount}`,
      onClick: () => onChange(amount),
    };
    return quickLook === "chips" ? (
      <Chip key={amount} active={value === amount} {...props}>
        {money(amount)}
      </Chip>
    ) : (
      // Whole amounts in a tight grid drop their ".00".
      <button
        key={amount}
        type="button"
        className={`quick-amount num${value === amount ? " quick-amount--active" : ""}`}
        {...props}
      >
        {money(amount).replace(/[.,]00$/, "")}
      </button>
    );
  };
  return (
    <>
      <TextField
        label={label}
        name={name}
        testId={`${testId}-amount`}
        inputMode="decimal"
        autoComplete="off"
        placeholder={placeholder}
        value={value}
        onValueChange={(typed) => onChange(cleanAmount(typed, max))}
        onBlur={() => {
          const complete = cleanAmount(value, max, { complete: true });
          if (complete !== value) onChange(complete);
        }}
        suffix={
          all === undefined ? undefined : (
            <button
              type="button"
              className="field-action"
              data-testid={`${testId}-all`}
              onClick={() => onChange(lessThanMoney("0", all) ? all : value)}
            >
              {t("common.all")}
            </button>
          )
        }
        hint={hint}
        error={error}
      />
      {offered.length > 0 ? (
        <div className={quickLook === "grid" ? "quick-amounts" : "amount-field__chips"}>
          {offered.map(pick)}
        </div>
      ) : null}
    </>
  );
}
