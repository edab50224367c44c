/** Line icons, split by where they are used so each chunk carries only its own. */

export * from "./account";
export * from "./cashier";
export * from "./form";
export * from "./home";
export type { IconProps } from "./make";
export * from "./nav";
export * from "./verify";
