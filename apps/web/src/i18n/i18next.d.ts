import type errors from "../../../../packages/contract/locales/errors/en.json";
import type { AppTexts } from "./text-groups";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: {
      translation: AppTexts;
      errors: typeof errors;
    };
  }
}
