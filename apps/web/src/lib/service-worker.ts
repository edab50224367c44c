import { useSyncExternalStore } from "react";

/**
 * The service worker (vite-plugin-pwa's Workbox build) that keeps the shell and every chunk for
 * offline starts. A new version waits until the user agrees to reload (UpdatePrompt): reloading on
 * its own could drop a half-filled order or withdrawal.
 */
let applyWaitingVersion: ((reload?: boolean) => Promise<void>) | null = null;
let updateReady = false;
const listeners = new Set<() => void>();

/** Registers the worker after the first page is up; its code stays out of the first load. */
export async function registerServiceWorker(): Promise<void> {
  if (!("serviceWorker" in navigator)) return;
  const { registerSW } = await import("virtual:pwa-register");
  applyWaitingVersion = registerSW({
    onNeedRefresh() {
      updateReady = true;
      for (const listener of listeners) listener();
    },
  });
}

/** Reloads into the waiting version. */
export function reloadIntoNewVersion(): void {
  void applyWaitingVersion?.(true);
}

export function useUpdateReady(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => updateReady,
    () => false,
  );
}
