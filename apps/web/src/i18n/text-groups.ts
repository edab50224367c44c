import type account from "./locales/account/en.json";
import type chat from "./locales/chat/en.json";
import type content from "./locales/content/en.json";
import type deposit from "./locales/deposit/en.json";
import type core from "./locales/en.json";
import type limits from "./locales/limits/en.json";
import type messages from "./locales/messages/en.json";
import type notifications from "./locales/notifications/en.json";
import type orders from "./locales/orders/en.json";
import type passkeys from "./locales/passkeys/en.json";
import type password from "./locales/password/en.json";
import type practice from "./locales/practice/en.json";
import type records from "./locales/records/en.json";
import type register from "./locales/register/en.json";
import type savings from "./locales/savings/en.json";
import type sessions from "./locales/sessions/en.json";
import type settings from "./locales/settings/en.json";
import type solvency from "./locales/solvency/en.json";
import type stepUp from "./locales/stepUp/en.json";
import type trading from "./locales/trading/en.json";
import type twoFactor from "./locales/twoFactor/en.json";
import type user from "./locales/user/en.json";
import type verification from "./locales/verification/en.json";
import type withdraw from "./locales/withdraw/en.json";

/**
 * The texts only lazily loaded screens show, one top-level group per directory:
 * locales/<group>/<lng>.json holds { "<group>": {...} } and is downloaded with the first screen that
 * needs it (routes.tsx). What the first screens show stays in the core file, locales/<lng>.json.
 */
type GroupTexts = typeof account &
  typeof chat &
  typeof content &
  typeof deposit &
  typeof limits &
  typeof messages &
  typeof notifications &
  typeof orders &
  typeof passkeys &
  typeof password &
  typeof practice &
  typeof records &
  typeof register &
  typeof savings &
  typeof sessions &
  typeof settings &
  typeof solvency &
  typeof stepUp &
  typeof trading &
  typeof twoFactor &
  typeof user &
  typeof verification &
  typeof withdraw;

/** One group of texts, loaded with the screens that show it. */
export type TextGroup = keyof GroupTexts;

/** Every text of the app (one namespace, "translation"), as it is once all groups are loaded. */
export type AppTexts = typeof core & GroupTexts;
