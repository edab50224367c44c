import { BASENAME, stripBasename } from "../lib/paths";

/**
 * Where the app is: the browser's address without the base, and the history entry's place in this
 * tab's history (`idx`, 0 for a page opened directly) and its `key`, which scroll positions are kept by.
 */
export interface Place {
  readonly pathname: string;
  readonly search: string;
  readonly idx: number;
  readonly key: string;
}

interface EntryState {
  idx: number;
  key: string;
}

type Listener = (place: Place, previous: Place) => void;

const listeners = new Set<Listener>();

function newKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

function entryState(value: unknown): EntryState | null {
  if (typeof value !== "object" || value === null) return null;
  const { idx, key } = value as Partial<EntryState>;
  return typeof idx === "number" && typeof key === "string" ? { idx, key } : null;
}

function read(): Place {
  const state = entryState(window.history.state);
  return {
    pathname: stripBasename(window.location.pathname),
    search: window.location.search,
    idx: state?.idx ?? 0,
    key: state?.key ?? "default",
  };
}

/** Read from the browser at the first ask; the build's prerendering never asks (AppRouter's `at`). */
let current: Place | null = null;

function start(): Place {
  const place = read();
  if (place.key === "default") {
    // A page opened directly gets a key of its own, so that its scroll position is told apart
    // from another page opened directly in the same tab.
    const state: EntryState = { idx: 0, key: newKey() };
    window.history.replaceState({ ...window.history.state, ...state }, "");
    current = { ...place, ...state };
  } else {
    current = place;
  }
  // The app puts the scroll position back itself, once the page it belongs to is drawn.
  window.history.scrollRestoration = "manual";
  window.addEventListener("popstate", () => move(read()));
  return current;
}

function move(next: Place): void {
  const previous = current ?? next;
  current = next;
  for (const listener of listeners) listener(next, previous);
}

/** The app's place now. */
export function currentPlace(): Place {
  return current ?? start();
}

/** Calls `listener` after each move, with the place moved to and the one left. */
export function onMove(listener: Listener): () => void {
  // Started, so that the browser's back and forward reach the listener.
  currentPlace();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Goes to `to` (an app path, with its query if any), as a new history entry or in place of this one;
 * by default in place when `to` is where the app already is, so a tap on the link of the page shown
 * adds no entry to go back through.
 */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  const here = currentPlace();
  const url = new URL(to, `http://app.invalid${here.pathname}`);
  const replace = options.replace ?? (url.pathname === here.pathname && url.search === here.search);
  const state: EntryState = { idx: replace ? here.idx : here.idx + 1, key: newKey() };
  const address = `${BASENAME}${url.pathname}${url.search}${url.hash}`;
  if (replace) window.history.replaceState(state, "", address);
  else window.history.pushState(state, "", address);
  move({ pathname: url.pathname, search: url.search, ...state });
}

/** One entry back in the tab's history (the browser's own back). */
export function back(): void {
  window.history.back();
}
