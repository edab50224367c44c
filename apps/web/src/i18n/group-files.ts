import type { Messages } from "./text-loader";

/**
 * The texts of lazily loaded screens, one chunk per group and locale. This map of them (a hundred hashed
 * file names, ~1.3 KB gzip, growing with each group) is a chunk of its own too, downloaded with the first
 * screen that needs a group rather than with the first page.
 */
export const groupFiles = import.meta.glob<Messages>("./locales/*/*.json", { import: "default" });
