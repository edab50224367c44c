import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime, formatWhen } from "../../lib/time";
import { Chip } from "../Chip/Chip";
import "./record-list.css";

/** The chips above a list of records: "all" and each of its types, the chosen one pressed. */
export function TypeFilter<T extends string>({
  label,
  types,
  value,
  onChange,
  typeLabel,
  allLabel,
  testIdPrefix,
}: {
  /** The toolbar's name for assistive technology. */
  label: string;
  types: readonly T[];
  /** "" for all types. */
  value: T | "";
  onChange: (type: T | "") => void;
  typeLabel: (type: T) => string;
  allLabel: string;
  testIdPrefix: string;
}) {
  return (
    <div className="fund-filter" role="toolbar" aria-label={label}>
      {(["", ...types] as const).map((type) => (
        <Chip
          key={type || "all"}
          active={value === type}
          aria-pressed={value === type}
          data-testid={`${testIdPrefix}-${type || "all"}`}
          onClick={() => onChange(type)}
        >
          {type ? typeLabel(type) : allLabel}
        </Chip>
      ))}
    </div>
  );
}

/**
 * One record of a list: its type and signed amount, then when it happened (the device's time) beside
 * `aside`, then any further lines (`children`).
 */
export function RecordRow({
  testId,
  type,
  typeLabel,
  amount,
  amountClass,
  amountTestId,
  at,
  aside,
  children,
}: {
  testId: string;
  type: string;
  typeLabel: string;
  /** The amount as shown, formatted. */
  amount: string;
  amountClass: string;
  amountTestId: string;
  at: string;
  aside?: ReactNode;
  children?: ReactNode;
}) {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <li className="fund-row card" data-testid={testId} data-type={type}>
      <div className="fund-row__line">
        <span className="fund-row__type">{typeLabel}</span>
        <span className={`fund-row__amount num ${amountClass}`} data-testid={amountTestId}>
          {amount}
        </span>
      </div>
      <div className="fund-row__line fund-row__line--sub">
        <time dateTime={at} title={formatDateTime(at, locale)}>
          {formatWhen(at, locale)}
        </time>
        {aside}
      </div>
      {children}
    </li>
  );
}
