import { lazy, Suspense, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { nationalityName } from "../../lib/countries";
import { IconChevronDown } from "../icons";
import "./nationality-field.css";

const loadCountrySheet = () => import("./CountrySheet");
// The sheet (antd's Popup and its gestures, every country's name) comes once the form is up.
const CountrySheet = lazy(loadCountrySheet);

interface NationalityFieldProps {
  label: string;
  /** An ISO 3166-1 alpha-2 code, or "" before one is chosen. */
  value: string;
  onChange: (code: string) => void;
  error?: string | undefined;
  /** data-testid of the field; the sheet's search, list and options take it as their prefix. */
  testId?: string;
}

/**
 * The nationality as a field that opens a sheet of every country, named and sorted in the user's
 * language and searchable, so that what is stored is a code rather than whatever was typed.
 */
export function NationalityField({
  label,
  value,
  onChange,
  error,
  testId = "account-nationality",
}: NationalityFieldProps) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so the sheet can animate out when it closes.
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    loadCountrySheet().catch(() => {
      // Offline: fetched again when the field is tapped.
    });
  }, []);
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
        data-testid={testId}
        data-value={value}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
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
        <div id={messageId} className="tf-field__error" role="alert" data-testid={`${testId}-error`}>
          {error}
        </div>
      ) : null}
      {opened ? (
        <Suspense fallback={null}>
          <CountrySheet
            open={open}
            title={label}
            value={value}
            locale={i18n.language}
            testId={testId}
            onPick={(code) => {
              onChange(code);
              setOpen(false);
            }}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
