import { mediaQuery } from "@tickfair/browser/media-query";
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

const systemDark = mediaQuery("(prefers-color-scheme: dark)");

/** Whether the console is dark now: the chosen mode, or the system's while it follows the system. */
export function useIsDark(): boolean {
  const mode = useThemeMode((state) => state.mode);
  const dark = useSyncExternalStore(systemDark.subscribe, systemDark.matches);
  return mode === "dark" || (mode === "system" && dark);
}
