import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { z } from "zod";

/** A backup folder's table of contents, written last: a folder without one is not a finished backup. */
export const MANIFEST_FILE = "manifest.json";

/** Where each part lives inside a backup folder. */
export const PGLITE_DUMP = "database/pglite.tar";
export const POSTGRES_DUMP = "database/postgresql.dump";
export const BLOBS_FOLDER = "blobs";
export const SECRETS_FOLDER = "secrets";

export const backupManifest = z.object({
  format: z.literal(1),
  createdAt: z.string(),
  database: z.enum(["pglite", "postgresql"]),
  /** The last migration the database had applied: a restore refuses one this code does not know. */
  schemaVersion: z.string().min(1),
  /** Where the private blobs were: "s3" means the bucket is backed up on its own (docs/operations.md). */
  blobs: z.enum(["folder", "s3"]),
  files: z.array(z.object({ path: z.string().min(1), bytes: z.number().int().min(0), sha256: z.string() })),
});
export type BackupManifest = z.infer<typeof backupManifest>;
export type BackupFile = BackupManifest["files"][number];

/** Why a backup or restore did not run: the message says what to do. */
export class BackupRefusal extends Error {}

export async function sha256File(file: string): Promise<string> {
  return createHash("sha256")
    .update(await fs.readFile(file))
    .digest("hex");
}

/** The files under `root`, relative to it with `/` between folders, in name order. */
export async function listFiles(root: string): Promise<string[]> {
  let entries: import("node:fs").Dirent[];
  try {
    entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
}

/** Whether `folder` is missing or holds no file at any depth. */
export async function folderEmpty(folder: string): Promise<boolean> {
  return (await listFiles(folder)).length === 0;
}

/**
 * Copies every file of `from` into `into` (the same relative paths), except those `skip` names, and
 * describes each copy as the manifest does, its hash taken from the copy.
 */
export async function copyTree(
  from: string,
  into: string,
  prefix: string,
  skip: (relative: string) => boolean = () => false,
): Promise<BackupFile[]> {
  const copied: BackupFile[] = [];
  for (const relative of await listFiles(from)) {
    if (skip(relative)) continue;
    const target = path.join(into, ...relative.split("/"));
    await fs.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    await fs.copyFile(path.join(from, ...relative.split("/")), target);
    await fs.chmod(target, 0o600);
    copied.push(await describe(path.dirname(into), `${prefix}/${relative}`));
  }
  return copied;
}

/** A file of the backup folder `root` as the manifest lists it. */
export async function describe(root: string, relative: string): Promise<BackupFile> {
  const file = path.join(root, ...relative.split("/"));
  const { size } = await fs.stat(file);
  return { path: relative, bytes: size, sha256: await sha256File(file) };
}

/** The manifest of the backup in `folder`, after checking every file it lists is there, whole. */
export async function readVerifiedManifest(folder: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await fs.readFile(path.join(folder, MANIFEST_FILE), "utf8");
  } catch {
    throw new BackupRefusal(`${folder} holds no ${MANIFEST_FILE}: it is not a finished backup.`);
  }
  const parsed = backupManifest.safeParse(JSON.parse(text));
  if (!parsed.success)
    throw new BackupRefusal(`${folder}/${MANIFEST_FILE} is not a backup manifest this code reads.`);
  const manifest = parsed.data;
  for (const file of manifest.files) {
    if (file.path.split("/").includes("..") || path.isAbsolute(file.path))
      throw new BackupRefusal(`The manifest names a file outside the backup: ${file.path}`);
    let actual: BackupFile;
    try {
      actual = await describe(folder, file.path);
    } catch {
      throw new BackupRefusal(`The backup lacks ${file.path}, which its manifest lists.`);
    }
    if (actual.sha256 !== file.sha256 || actual.bytes !== file.bytes)
      throw new BackupRefusal(`${file.path} does not match its hash in the manifest: the backup is damaged.`);
  }
  return manifest;
}
