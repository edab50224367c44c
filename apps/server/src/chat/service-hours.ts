import type { ServiceHours } from "@tickfair/contract";
import { wallClockParts } from "../platform/wall-clock";

/** "09:00-21:00": when support answers live, on the platform's wall clock. */
export interface ServiceWindow {
  from: string;
  to: string;
}

export const SERVICE_WINDOW = /^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/;

export function parseServiceWindow(text: string): ServiceWindow {
  if (!SERVICE_WINDOW.test(text)) throw new Error(`not a service window (HH:mm-HH:mm): ${text}`);
  const [from = "", to = ""] = text.split("-");
  return { from, to };
}

/** "HH:mm" on the wall clock of `timeZone`: compared as text with the window's ends. */
function wallClock(at: Date, timeZone: string): string {
  const { hour, minute } = wallClockParts(at, timeZone);
  return `${hour}:${minute}`;
}

/**
 * Whether support is on duty at `at`. A window that ends before it starts runs over midnight
 * ("20:00-08:00"); one that starts and ends at the same minute is all day.
 */
export function serviceHoursAt(window: ServiceWindow, timeZone: string, at: Date): ServiceHours {
  const now = wallClock(at, timeZone);
  const { from, to } = window;
  const openNow = from === to ? true : from < to ? now >= from && now < to : now >= from || now < to;
  return { from, to, timeZone, openNow };
}
