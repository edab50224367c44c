/**
 * Whether an error means a script or style chunk could not be downloaded (offline, or a new
 * deployment removed the old hashed files). The messages differ per browser.
 */
export function isChunkLoadError(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === "ChunkLoadError") return true;
  if (typeof message !== "string") return false;
  return [
    /Failed to fetch dynamically imported module/i, // Chromium
    /error loading dynamically imported module/i, // Firefox
    /Importing a module script failed/i, // Safari
    /Unable to preload CSS/i, // Vite's CSS preload
    /Loading (CSS )?chunk [\w-]+ failed/i,
  ].some((pattern) => pattern.test(message));
}
