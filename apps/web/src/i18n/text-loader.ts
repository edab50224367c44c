import type { Locale } from "@tickfair/contract";
import type { TextGroup } from "./text-groups";

export type Messages = Record<string, unknown>;

/** Where a locale's texts come from: its core file and one file per group. */
export interface TextFiles {
  core(lng: Locale): Promise<Messages>;
  group(lng: Locale, group: TextGroup): Promise<Messages>;
}

export interface TextLoader {
  /**
   * Switches to `lng` with `show`, which loads its texts (loadLanguage) before switching i18next to it.
   * Switches run one after another, and screens wait for the one under way (see loadGroups); a failed
   * one leaves the previous language on screen.
   */
  switchLanguage(lng: Locale, show: () => Promise<void>): Promise<void>;
  /** A language's core and every group loaded so far: what the screens on display need to switch to it. */
  loadLanguage(lng: Locale): Promise<void>;
  /**
   * The groups a screen needs, for the language it will be shown in: the one on screen once the first
   * switch (the boot) and any switch under way are over. Remembered for later switches.
   */
  loadGroups(groups: readonly TextGroup[]): Promise<void>;
}

/**
 * The app's texts, merged part by part into one tree by `merge` (i18next's "translation" bundle):
 * the core of a language before it is shown, each group with the first screen that needs it.
 */
export function createTextLoader(
  files: TextFiles,
  merge: (lng: Locale, messages: Messages) => void,
): TextLoader {
  const loads = new Map<string, Promise<void>>();
  const usedGroups = new Set<TextGroup>();
  let shown: Locale | undefined;
  let lastSwitch: Promise<void> = Promise.resolve();
  let resolveFirstSwitch: () => void = () => {};
  const firstSwitch = new Promise<void>((resolve) => {
    resolveFirstSwitch = resolve;
  });

  function once(key: string, download: () => Promise<Messages>, lng: Locale): Promise<void> {
    let loading = loads.get(key);
    if (!loading) {
      loading = download().then((messages) => merge(lng, messages));
      loads.set(key, loading);
      // Offline: the next screen or switch that needs the file downloads it again.
      loading.catch(() => loads.delete(key));
    }
    return loading;
  }
  const loadCore = (lng: Locale) => once(lng, () => files.core(lng), lng);
  const loadGroup = (lng: Locale, group: TextGroup) =>
    once(`${lng}/${group}`, () => files.group(lng, group), lng);

  return {
    switchLanguage(lng, show) {
      const change = lastSwitch.then(async () => {
        await show();
        shown = lng;
        resolveFirstSwitch();
      });
      lastSwitch = change.catch(() => undefined);
      return change;
    },

    async loadLanguage(lng) {
      await Promise.all([loadCore(lng), ...[...usedGroups].map((group) => loadGroup(lng, group))]);
    },

    async loadGroups(groups) {
      // At once, not after the waits below: a switch that starts meanwhile must load these groups too.
      for (const group of groups) usedGroups.add(group);
      await firstSwitch;
      await lastSwitch;
      const lng = shown as Locale;
      await Promise.all(groups.map((group) => loadGroup(lng, group)));
    },
  };
}
