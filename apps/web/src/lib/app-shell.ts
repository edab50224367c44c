import { useLayoutEffect } from "react";

/**
 * index.html paints a shell (frame, brand, tab bar) before any script runs; it stays over the page
 * while the first screen's code and texts download, and goes in the commit that puts a real screen
 * on the page (before that screen is painted, so nothing flickers).
 */
export function removeAppShell(): void {
  document.getElementById("app-shell")?.remove();
}

/** Removes the shell when the calling screen — the first one shown — is committed. */
export function useAppShellRemoved(): void {
  useLayoutEffect(removeAppShell, []);
}
