import { useSyncExternalStore } from "react";
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";

/** "system" follows the operating system's light or dark mode, and is where a new console starts. */
export const THEME_MODES = ["system", "light", "dark"] as const;
export type ThemeMode = (typeof THEME_MODES)[number];

interface ThemeState {
  mode: ThemeMode;
  setMode: (mode: ThemeMode) => void;
}

export const useThemeMode = create<ThemeState>()(
  persist((set) => ({ mode: "system", setMode: (mode) => set({ mode }) }), {
    name: "tickfair-admin-theme",
    version: 1,
    storage: createJSONStorage(() => localStorage),
    partialize: ({ mode }) => ({ mode }),
  }),
);

const darkQuery = () => window.matchMedia("(prefers-color-scheme: dark)");

function subscribeToSystemTheme(listener: () => void): () => void {
  const query = darkQuery();
  query.addEventListener("change", listener);
  return () => query.removeEventListener("change", listener);
}

/** Whether the console is dark now: the chosen mode, or the system's while it follows the system. */
export function useIsDark(): boolean {
  const mode = useThemeMode((state) => state.mode);
  const systemDark = useSyncExternalStore(subscribeToSystemTheme, () => darkQuery().matches);
  return mode === "dark" || (mode === "system" && systemDark);
}
