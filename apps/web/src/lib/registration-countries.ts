import { type CountryCode, type Locale, PHONE_COUNTRIES, type PhoneCountry } from "@tickfair/contract";

/** Which of registration's two countries the deployment refuses, so each is said under its own field. */
export interface RestrictedChoice {
  phoneCountry: boolean;
  nationality: boolean;
}

/**
 * Checks step 1's phone country and nationality against app info's restricted countries, so the page
 * says so before anything is sent (the server refuses them on its own). App info kept from an older
 * version has no list: nothing is known to be restricted then.
 */
export function restrictedChoice(
  restricted: readonly string[] | undefined,
  choice: { phoneCountry: PhoneCountry; nationality: CountryCode },
): RestrictedChoice {
  const refused = new Set(restricted ?? []);
  return { phoneCountry: refused.has(choice.phoneCountry), nationality: refused.has(choice.nationality) };
}

/**
 * The nationality step 1 sends: the one picked, else the phone's country (most people register with a
 * phone from their own country; each phone country is a country code too), following it as it changes.
 */
export function nationalityOf(picked: CountryCode | null, phoneCountry: PhoneCountry): CountryCode {
  return picked ?? phoneCountry;
}

/**
 * The countries each language's readers most likely register from, in order; English has no one
 * country, so the largest of those with a phone code here come first.
 */
const LANGUAGE_COUNTRIES: Record<Locale, readonly PhoneCountry[]> = {
  "zh-CN": ["CN"],
  "zh-TW": ["TW", "HK", "MO"],
  en: ["US", "GB", "PH", "SG"],
  ja: ["JP"],
  th: ["TH"],
  vi: ["VN"],
  id: ["ID"],
  ko: ["KR"],
  fr: ["FR"],
  de: ["DE"],
};

/** The language's countries the device's own settings name first ("en-GB" puts the United Kingdom first). */
function deviceRegions(
  countries: readonly PhoneCountry[],
  deviceLanguages: readonly string[],
): PhoneCountry[] {
  const regions: PhoneCountry[] = [];
  for (const tag of deviceLanguages) {
    // The region subtag: two letters after the language (and a script, as in zh-Hant-TW).
    const region = /^[a-z]{2,3}(?:-[A-Za-z]{4})?-([A-Za-z]{2})(?:-|$)/.exec(tag)?.[1]?.toUpperCase();
    const known = countries.find((country) => country === region);
    if (known) regions.push(known);
  }
  return regions;
}

/**
 * The phone country registration starts from (the nationality follows it until one is picked): the
 * deployer's DEFAULT_COUNTRY, else the language's own countries, the device's region among them first;
 * never a restricted one, so the first that is not, else the first phone country that is not.
 */
export function defaultPhoneCountry(options: {
  language: string;
  deviceLanguages: readonly string[];
  defaultCountry: PhoneCountry | null | undefined;
  restricted: readonly string[] | undefined;
}): PhoneCountry {
  const refused = new Set(options.restricted ?? []);
  const byLanguage: Partial<Record<string, readonly PhoneCountry[]>> = LANGUAGE_COUNTRIES;
  const countries = byLanguage[options.language] ?? [];
  const candidates = [
    ...(options.defaultCountry ? [options.defaultCountry] : []),
    ...deviceRegions(countries, options.deviceLanguages),
    ...countries,
    ...PHONE_COUNTRIES,
  ];
  return candidates.find((country) => !refused.has(country)) ?? PHONE_COUNTRIES[0];
}
