import type { CountryCode, PhoneCountry } from "@tickfair/contract";

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
