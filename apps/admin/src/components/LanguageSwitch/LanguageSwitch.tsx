import { LOCALE_NAMES } from "@tickfair/contract";
import { Segmented } from "antd";
import { useTranslation } from "react-i18next";
import { changeLanguage } from "../../i18n";
import { CONSOLE_LOCALES, type ConsoleLocale, isConsoleLocale } from "../../i18n/language";

const options = CONSOLE_LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] }));

/** The console's two languages side by side, each named in itself (a select would cost the sign-in page ~25 KB). */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const value: ConsoleLocale = isConsoleLocale(i18n.language) ? i18n.language : CONSOLE_LOCALES[0];
  return (
    <Segmented<ConsoleLocale>
      value={value}
      options={options}
      onChange={(locale) => void changeLanguage(locale)}
      aria-label={t("shell.language")}
      data-testid="language-switch"
    />
  );
}
