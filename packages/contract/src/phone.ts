import { isValidPhoneNumber, parsePhoneNumberWithError } from "libphonenumber-js/min";
import type { PhoneCountry } from "./phone-countries";
import { isMainlandPhone } from "./validators";

/**
 * Validates a national number for its country and returns it in E.164, or null when invalid.
 * Mainland China numbers must also pass the specification's rule (11 digits, 1 then 3/4/5/7/8/9).
 * Kept out of the package index so the web app loads libphonenumber only on the register page.
 */
export function normalizePhone(country: PhoneCountry, national: string): string | null {
  // Separators people type or paste, including libphonenumber's own national format ("(201) 555-0123").
  const digits = national.replace(/[\s().-]/g, "");
  if (!/^\d{4,15}$/.test(digits)) return null;
  if (country === "CN" && !isMainlandPhone(digits)) return null;
  if (!isValidPhoneNumber(digits, country)) return null;
  return parsePhoneNumberWithError(digits, country).number;
}
