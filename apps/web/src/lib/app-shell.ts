import { useLayoutEffect } from "react";

/**
 * index.html paints a shell (frame, brand, tab bar) before any script runs; it stays over the page
 * while the first screen's code and texts download, and goes in the commit that puts a real screen
 * on the page (before that screen is painted, so nothing flickers). A prerendered page has no shell:
 * the page itself is there, inert until that commit.
 */
export function removeAppShell(): void {
  document.getElementById("app-shell")?.remove();
  // A prerendered page is inert until then: typing into it, or sending its form, before the app has
  // taken it over would be lost or go nowhere.
  document.getElementById("root")?.removeAttribute("inert");
}

/** Removes the shell when the calling screen — the first one shown — is committed. */
export function useAppShellRemoved(): void {
  useLayoutEffect(removeAppShell, []);
}
