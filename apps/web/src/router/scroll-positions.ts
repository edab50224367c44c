import { currentPlace } from "./place";

/**
 * The scroll position of each history entry this tab has left, by the entry's key: going back (or
 * forward) to it puts the page where the user left it. Kept across reloads of the tab.
 */
const STORAGE_KEY = "scroll-positions";
/** Enough for any walk back through the app; the oldest are forgotten first. */
const MAX_ENTRIES = 100;

let positions: Map<string, number> | null = null;

function stored(): Map<string, number> {
  if (positions) return positions;
  positions = new Map();
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "[]");
    if (Array.isArray(saved)) {
      for (const entry of saved) {
        if (Array.isArray(entry) && typeof entry[0] === "string" && typeof entry[1] === "number") {
          positions.set(entry[0], entry[1]);
        }
      }
    }
  } catch {
    // Storage blocked or its value unreadable: positions are kept for this document only.
  }
  window.addEventListener("pagehide", save);
  return positions;
}

function save(): void {
  rememberScroll(currentPlace().key, window.scrollY);
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...stored()]));
  } catch {
    // Storage blocked or full: the positions are lost with the document, as without storage.
  }
}

export function rememberScroll(key: string, y: number): void {
  const map = stored();
  map.delete(key);
  map.set(key, y);
  if (map.size > MAX_ENTRIES) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
}

export function rememberedScroll(key: string): number | undefined {
  return stored().get(key);
}
