/**
 * What both apps' build-budget tests read a production build with: its manifest
 * (dist/.vite/manifest.json, build.manifest: true), the chunks a set of modules loads, and their
 * sizes as gzip (level 9) of each file, each file counted once. Node only: the tests run it.
 */
import { execSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

export const KB = 1024;

export interface ManifestChunk {
  file: string;
  /** A chunk's name: its module's file name, without the hash a shared chunk's key carries. */
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** "150.4 KB" */
export const kb = (bytes: number): string => `${(bytes / KB).toFixed(1)} KB`;

/** This package's sources: both apps bundle them, so a change here makes their builds stale too. */
const SHARED_SOURCES = fileURLToPath(new URL(".", import.meta.url));

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  if (!statSync(path).isDirectory()) return statSync(path).mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** The manifest keys of `keys` and of every chunk they import statically. */
export function staticClosure(manifest: Manifest, keys: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const stack = [...keys];
  while (stack.length > 0) {
    const key = stack.pop() as string;
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no ${key}`);
    seen.add(key);
    stack.push(...(chunk.imports ?? []));
  }
  return seen;
}

export interface AppBuild {
  /** The app's dist folder. */
  distDir: string;
  manifest: Manifest;
  /** Gzip size of a file under dist (path relative to it), measured once. */
  gzipSize(file: string): number;
  /** Gzip size of the scripts of the chunks `keys`, each file once. */
  jsSize(keys: Iterable<string>): number;
  /** The static closure of `keys`. */
  closure(keys: Iterable<string>): Set<string>;
}

/**
 * The production build of the app in `appDir` (workspace `workspace`), built first when any of its
 * sources (src, vite.config.ts, index.html, this package) is newer than the manifest.
 */
export function readAppBuild(appDir: string, workspace: string): AppBuild {
  const distDir = join(appDir, "dist");
  const manifestPath = join(distDir, ".vite", "manifest.json");
  const built = existsSync(manifestPath) ? statSync(manifestPath).mtimeMs : 0;
  const inputs = [
    join(appDir, "src"),
    join(appDir, "vite.config.ts"),
    join(appDir, "index.html"),
    // The web app's build steps after Vite's (its prerendering).
    join(appDir, "scripts"),
    SHARED_SOURCES,
  ];
  if (inputs.some((input) => newestMtime(input) > built)) {
    // Vitest sets NODE_ENV=test, which would give React's development build: build for production.
    execSync(`npm run build -w ${workspace}`, {
      cwd: resolve(appDir, "../.."),
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    });
  }
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest;

  const sizes = new Map<string, number>();
  const gzipSize = (file: string): number => {
    let size = sizes.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length;
      sizes.set(file, size);
    }
    return size;
  };
  const jsSize = (keys: Iterable<string>): number =>
    [...new Set([...keys].map((key) => (manifest[key] as ManifestChunk).file))]
      .filter((file) => file.endsWith(".js"))
      .reduce((sum, file) => sum + gzipSize(file), 0);

  return { distDir, manifest, gzipSize, jsSize, closure: (keys) => staticClosure(manifest, keys) };
}
