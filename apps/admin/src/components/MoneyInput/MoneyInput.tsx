import { InputNumber } from "antd";
import { useTranslation } from "react-i18next";
import { groupMoneyText, ungroupMoneyText } from "../../lib/money-input";

interface Props {
  /** The amount as the form holds it: the decimal string typed, without grouping. */
  value?: string;
  onChange?: (value: string) => void;
  /** 180px rather than the whole width, for two amounts side by side. */
  short?: boolean;
  "data-testid"?: string;
  "aria-label"?: string;
}

/**
 * A money field that shows the locale's grouping ("20,000.00") and gives the form exactly what was
 * typed. The text is passed on as typed (onInput), not as InputNumber's parsed number, which would
 * drop trailing zeros; no precision, range or step, so nothing is rounded or clamped — the form's rule
 * refuses what is not an amount.
 */
export function MoneyInput({ value, onChange, short = false, ...rest }: Props) {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <InputNumber<string>
      {...rest}
      stringMode
      controls={false}
      keyboard={false}
      inputMode="decimal"
      className={short ? "tabular money-input money-input--short" : "tabular money-input"}
      value={value ?? ""}
      formatter={(shown, info) =>
        groupMoneyText(info.userTyping ? info.input : (value ?? shown ?? ""), locale)
      }
      parser={(text) => ungroupMoneyText(text ?? "", locale)}
      onInput={(text) => onChange?.(ungroupMoneyText(text, locale))}
    />
  );
}
