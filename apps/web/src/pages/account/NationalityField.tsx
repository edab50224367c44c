import { Popup } from "antd-mobile";
import { useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { IconCheck, IconChevronDown } from "../../components/icons";
import { type CountryOption, countryOptions, filterCountries, nationalityName } from "../../lib/countries";

interface NationalityFieldProps {
  label: string;
  /** An ISO 3166-1 alpha-2 code, or "" before one is chosen. */
  value: string;
  onChange: (code: string) => void;
  error?: string | undefined;
}

/**
 * The nationality as a field that opens a sheet of every country, named and sorted in the user's
 * language and searchable, so that what is stored is a code rather than whatever was typed.
 */
export function NationalityField({ label, value, onChange, error }: NationalityFieldProps) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const labelId = useId();
  const messageId = `${labelId}-msg`;
  return (
    <div className={`tf-field${error ? " tf-field--error" : ""}`}>
      <span className="tf-field__label" id={labelId}>
        {label}
      </span>
      <button
        type="button"
        className="tf-field__box nationality-field"
        aria-labelledby={`${labelId} ${labelId}-value`}
        aria-haspopup="dialog"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? messageId : undefined}
        data-testid="account-nationality"
        data-value={value}
        onClick={() => setOpen(true)}
      >
        <span
          id={`${labelId}-value`}
          className={
            value ? "nationality-field__value" : "nationality-field__value nationality-field__placeholder"
          }
        >
          {value ? nationalityName(value, i18n.language) : t("account.nationalityChoose")}
        </span>
        <IconChevronDown className="nationality-field__arrow" />
      </button>
      {error ? (
        <div id={messageId} className="tf-field__error" role="alert" data-testid="account-nationality-error">
          {error}
        </div>
      ) : null}
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        bodyClassName="country-sheet"
        destroyOnClose
      >
        <CountryList
          title={label}
          value={value}
          locale={i18n.language}
          onPick={(code) => {
            onChange(code);
            setOpen(false);
          }}
          onCancel={() => setOpen(false)}
        />
      </Popup>
    </div>
  );
}

function CountryList({
  title,
  value,
  locale,
  onPick,
  onCancel,
}: {
  title: string;
  value: string;
  locale: string;
  onPick: (code: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState("");
  const options = useMemo(() => countryOptions(locale), [locale]);
  const shown: readonly CountryOption[] = filterCountries(options, query, locale);
  return (
    <>
      <div className="country-sheet__header">
        <span className="country-sheet__title">{title}</span>
        <input
          className="country-sheet__search"
          type="search"
          enterKeyHint="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t("account.nationalitySearch")}
          aria-label={t("account.nationalitySearch")}
          autoComplete="off"
          data-testid="account-nationality-search"
        />
      </div>
      <ul className="country-sheet__list" data-testid="account-nationality-list">
        {shown.map((option) => (
          <li key={option.code}>
            <button
              type="button"
              className={`country-sheet__option${option.code === value ? " country-sheet__option--active" : ""}`}
              aria-pressed={option.code === value}
              data-testid={`account-nationality-${option.code}`}
              onClick={() => onPick(option.code)}
            >
              <span>{option.name}</span>
              {option.code === value ? <IconCheck /> : null}
            </button>
          </li>
        ))}
      </ul>
      {shown.length === 0 ? (
        <p className="country-sheet__none" data-testid="account-nationality-none">
          {t("account.nationalityNone")}
        </p>
      ) : null}
      <button type="button" className="country-sheet__cancel" onClick={onCancel}>
        {t("common.cancel")}
      </button>
    </>
  );
}
