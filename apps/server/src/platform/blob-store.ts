import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

/**
 * Where private files live that are too large for the database to carry comfortably (ID photos): a
 * key names each, chosen by the caller; nothing here is ever served from a public address.
 */
export interface BlobStore {
  put(key: string, data: Buffer): Promise<void>;
  /** The stored bytes; null when there is no blob under the key. */
  get(key: string): Promise<Buffer | null>;
  /** The stored blob's length in bytes, without reading it; null when there is no blob under the key. */
  size(key: string): Promise<number | null>;
}

const KEY = /^[a-z0-9][a-z0-9/_-]{0,200}$/;

/** Refuses a key that could leave the store's folder or prefix, before any store is touched. */
export function assertBlobKey(key: string): void {
  if (!KEY.test(key) || key.includes("..")) throw new Error(`not a blob key: ${key}`);
}

/**
 * A local folder (BLOB_DIR): the default, for one server or several sharing the folder. A blob is
 * written to a temporary name and renamed into place, so a reader never sees half a file.
 */
export class FolderBlobStore implements BlobStore {
  constructor(private readonly root: string) {}

  #pathOf(key: string): string {
    assertBlobKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.#pathOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const temporary = `${file}.${randomBytes(6).toString("hex")}.part`;
    await fs.writeFile(temporary, data, { mode: 0o600 });
    await fs.rename(temporary, file);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.#pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await fs.stat(this.#pathOf(key))).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }
}
