import fs from "node:fs";
import path from "node:path";

/**
 * The server package's folder (the one holding its package.json), found by walking up from this
 * module. Running from source this module sits in `src/platform/`; compiled, it is bundled into a file
 * of `dist/`: both lead to the same folder, so what the server reads at run time (migrations, demo
 * content, the built apps, docs/schema.sql) has one place and is never copied beside the build.
 */
export const SERVER_ROOT = packageRoot(import.meta.dirname);

function packageRoot(from: string): string {
  let folder = from;
  while (!fs.existsSync(path.join(folder, "package.json"))) {
    const parent = path.dirname(folder);
    if (parent === folder) throw new Error(`no package.json above ${from}`);
    folder = parent;
  }
  return folder;
}
