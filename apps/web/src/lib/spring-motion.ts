import { reduceMotion, restoreMotion } from "antd-mobile";

/** Turns antd-mobile's spring animations on or off (off: each ends where it would have ended). */
export function setSprings(on: boolean): void {
  if (on) restoreMotion();
  else reduceMotion();
}
