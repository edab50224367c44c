/** Countries offered in the phone field, with their calling codes (a test checks them against libphonenumber). */
export const PHONE_COUNTRY_CODES = {
  CN: "+86",
  HK: "+852",
  TW: "+886",
  MO: "+853",
  JP: "+81",
  KR: "+82",
  TH: "+66",
  VN: "+84",
  ID: "+62",
  MY: "+60",
  SG: "+65",
  PH: "+63",
  FR: "+33",
  DE: "+49",
  GB: "+44",
  US: "+1",
} as const;
export type PhoneCountry = keyof typeof PHONE_COUNTRY_CODES;
export const PHONE_COUNTRIES = Object.keys(PHONE_COUNTRY_CODES) as [PhoneCountry, ...PhoneCountry[]];

export const isPhoneCountry = (text: string): text is PhoneCountry =>
  Object.hasOwn(PHONE_COUNTRY_CODES, text);
