import path from "node:path";
import type { S3Client } from "@aws-sdk/client-s3";
import { assertBlobKey, type BlobStore, FolderBlobStore } from "./blob-store";
import type { Config } from "./config";

type S3Sdk = typeof import("@aws-sdk/client-s3");

export interface S3BlobStoreOptions {
  bucket: string;
  /** Folder names the blobs are kept under in the bucket, e.g. `tickfair/blobs`. */
  prefix?: string;
  /** An S3-compatible server (MinIO); AWS S3 when unset. */
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
  /** When unset the SDK's default chain finds them (environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/**
 * A bucket of an S3-compatible store (BLOB_S3_BUCKET), which servers on several hosts share. No ACL
 * is ever sent, so an object stays as private as the bucket and is read only through this server.
 *
 * The SDK is imported and its client made on first use, not with this module: it is heavy and on
 * Node 20 prints a deprecation warning, which a server keeping its blobs in a folder should not pay for.
 */
export class S3BlobStore implements BlobStore {
  readonly #options: S3BlobStoreOptions;
  readonly #keyPrefix: string;
  #connection: Promise<{ sdk: S3Sdk; client: S3Client }> | undefined;

  constructor(options: S3BlobStoreOptions) {
    this.#options = options;
    this.#keyPrefix = options.prefix ? `${options.prefix.replace(/\/+$/, "")}/` : "";
  }

  /** The bucket's object key for a blob key (the prefix applied); refuses a bad blob key. */
  objectKeyOf(key: string): string {
    assertBlobKey(key);
    return this.#keyPrefix + key;
  }

  #connect(): Promise<{ sdk: S3Sdk; client: S3Client }> {
    this.#connection ??= import("@aws-sdk/client-s3").then((sdk) => {
      const { endpoint, region, forcePathStyle, credentials } = this.#options;
      return { sdk, client: new sdk.S3Client({ endpoint, region, forcePathStyle, credentials }) };
    });
    return this.#connection;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const objectKey = this.objectKeyOf(key);
    const { sdk, client } = await this.#connect();
    await client.send(new sdk.PutObjectCommand({ Bucket: this.#options.bucket, Key: objectKey, Body: data }));
  }

  async get(key: string): Promise<Buffer | null> {
    const objectKey = this.objectKeyOf(key);
    const { sdk, client } = await this.#connect();
    try {
      const response = await client.send(
        new sdk.GetObjectCommand({ Bucket: this.#options.bucket, Key: objectKey }),
      );
      if (!response.Body) throw new Error(`no body for blob ${key}`);
      const bytes = await response.Body.transformToByteArray();
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    } catch (error) {
      if (isMissingObject(sdk, error)) return null;
      throw error;
    }
  }

  async size(key: string): Promise<number | null> {
    const objectKey = this.objectKeyOf(key);
    const { sdk, client } = await this.#connect();
    try {
      const head = await client.send(
        new sdk.HeadObjectCommand({ Bucket: this.#options.bucket, Key: objectKey }),
      );
      if (head.ContentLength === undefined) throw new Error(`no length for blob ${key}`);
      return head.ContentLength;
    } catch (error) {
      if (!isMissingObject(sdk, error)) throw error;
      // A HEAD's 404 has no body to tell a missing object from a missing bucket: ask for the bucket.
      await client.send(new sdk.HeadBucketCommand({ Bucket: this.#options.bucket }));
      return null;
    }
  }
}

/**
 * Some S3-compatible servers answer a missing object with a bare 404 rather than NoSuchKey (and HEAD
 * has no body to name it); a missing bucket is a setup fault, never "no blob".
 */
function isMissingObject(sdk: S3Sdk, error: unknown): boolean {
  return (
    error instanceof sdk.S3ServiceException &&
    error.$metadata.httpStatusCode === 404 &&
    error.name !== "NoSuchBucket"
  );
}

/** The configured blob store: the bucket when BLOB_S3_BUCKET is set, else the folder. */
export function createBlobStore(config: Config): BlobStore {
  if (!config.BLOB_S3_BUCKET)
    return new FolderBlobStore(config.BLOB_DIR ?? path.join(config.DATA_DIR, "blobs"));
  const accessKeyId = config.BLOB_S3_ACCESS_KEY_ID;
  const secretAccessKey = config.BLOB_S3_SECRET_ACCESS_KEY;
  return new S3BlobStore({
    bucket: config.BLOB_S3_BUCKET,
    prefix: config.BLOB_S3_PREFIX,
    endpoint: config.BLOB_S3_ENDPOINT,
    region: config.BLOB_S3_REGION,
    forcePathStyle: config.BLOB_S3_FORCE_PATH_STYLE ?? config.BLOB_S3_ENDPOINT !== undefined,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  });
}
