import type { AppBuild, ManifestChunk } from "@tickfair/browser/build-budget";
import { expect } from "vitest";

/**
 * The one chunk of the library `pattern` matches, checked to load on demand only: imported
 * dynamically by `importers` alone, and statically by no entry or page.
 */
export function lazyLibrary(build: AppBuild, pattern: RegExp, importers: string[]): string {
  const { manifest } = build;
  const matches = Object.keys(manifest).filter((k) => pattern.test(k));
  expect(matches).toHaveLength(1);
  const libraryKey = matches[0] as string;
  expect((manifest[libraryKey] as ManifestChunk).isDynamicEntry).toBe(true);
  // A module of one page is named by its source; one shared by several pages, by its chunk's name.
  const dynamicImporters = Object.entries(manifest)
    .filter(([, chunk]) => chunk.dynamicImports?.includes(libraryKey))
    .map(([key, chunk]) => chunk.src ?? chunk.name ?? key);
  expect(dynamicImporters.sort()).toEqual([...importers].sort());
  for (const [key, chunk] of Object.entries(manifest)) {
    if (key === libraryKey || !(chunk.isEntry || chunk.isDynamicEntry)) continue;
    expect(build.closure([key]).has(libraryKey), key).toBe(false);
  }
  return libraryKey;
}
