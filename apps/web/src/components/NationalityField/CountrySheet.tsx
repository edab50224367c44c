import { Popup } from "antd-mobile";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { type CountryOption, countryOptions, filterCountries } from "../../lib/countries";
import { IconCheck } from "../icons";

/** The sheet of every country, named and sorted in the user's language, searchable. */
export default function CountrySheet({
  open,
  title,
  value,
  locale,
  testId,
  onPick,
  onClose,
}: {
  open: boolean;
  title: string;
  value: string;
  locale: string;
  testId: string;
  onPick: (code: string) => void;
  onClose: () => void;
}) {
  return (
    <Popup
      visible={open}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="country-sheet"
      destroyOnClose
    >
      <CountryList
        title={title}
        value={value}
        locale={locale}
        testId={testId}
        onPick={onPick}
        onCancel={onClose}
      />
    </Popup>
  );
}

function CountryList({
  title,
  value,
  locale,
  testId,
  onPick,
  onCancel,
}: {
  title: string;
  value: string;
  locale: string;
  testId: string;
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
          data-testid={`${testId}-search`}
        />
      </div>
      <ul className="country-sheet__list" data-testid={`${testId}-list`}>
        {shown.map((option) => (
          <li key={option.code}>
            <button
              type="button"
              className={`country-sheet__option${option.code === value ? " country-sheet__option--active" : ""}`}
              aria-pressed={option.code === value}
              data-testid={`${testId}-${option.code}`}
              onClick={() => onPick(option.code)}
            >
              <span>{option.name}</span>
              {option.code === value ? <IconCheck /> : null}
            </button>
          </li>
        ))}
      </ul>
      {shown.length === 0 ? (
        <p className="country-sheet__none" data-testid={`${testId}-none`}>
          {t("account.nationalityNone")}
        </p>
      ) : null}
      <button type="button" className="country-sheet__cancel" onClick={onCancel}>
        {t("common.cancel")}
      </button>
    </>
  );
}
