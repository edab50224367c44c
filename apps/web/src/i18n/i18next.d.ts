import type errors from "../../../../packages/contract/locales/errors/en.json";
import type translation from "./locales/en.json";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: {
      translation: typeof translation;
      errors: typeof errors;
    };
  }
}
