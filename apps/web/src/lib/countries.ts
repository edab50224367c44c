import { COUNTRY_CODES, type CountryCode, isCountryCode } from "@tickfair/contract";

export interface CountryOption {
  code: CountryCode;
  name: string;
}

function regionNames(locale: string): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([locale, "en"], { type: "region" });
  } catch {
    return null;
  }
}

/** Every country named in `locale`, in that language's alphabetical order ("Österreich" among the O's in German). */
export function countryOptions(locale: string): CountryOption[] {
  const names = regionNames(locale);
  const collator = new Intl.Collator([locale, "en"]);
  return COUNTRY_CODES.map((code) => ({ code, name: names?.of(code) ?? code })).sort((a, b) =>
    collator.compare(a.name, b.name),
  );
}

/**
 * A stored nationality as `locale` says it: a code by its name; text stored before nationality was
 * chosen from the list, as it was typed.
 */
export function nationalityName(value: string, locale: string): string {
  return isCountryCode(value) ? (regionNames(locale)?.of(value) ?? value) : value;
}

/** The options whose name or code contains `query`, ignoring case and accents ("osterr" finds Österreich). */
export function filterCountries(
  options: readonly CountryOption[],
  query: string,
  locale: string,
): readonly CountryOption[] {
  const wanted = fold(query.trim(), locale);
  if (wanted === "") return options;
  return options.filter(
    (option) => fold(option.name, locale).includes(wanted) || option.code.toLowerCase() === wanted,
  );
}

function fold(text: string, locale: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Mn}/gu, "")
    .toLocaleLowerCase(locale);
}
