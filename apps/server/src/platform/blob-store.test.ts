import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { CreateBucketCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type BlobStore, FolderBlobStore } from "./blob-store";
import { loadConfig } from "./config";
import { createBlobStore, S3BlobStore } from "./s3-blob-store";

interface S3rverOptions {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
}
interface S3rverServer {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
// s3rver ships no type declarations, so it is required and given the little of its API used here.
const S3rver = createRequire(import.meta.url)("s3rver") as new (options: S3rverOptions) => S3rverServer;

/** s3rver accepts only its own fixed credentials. */
const S3RVER_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
const REGION = "us-east-1";

const temporaryDirs: string[] = [];
async function temporaryDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "blob-store-test-"));
  temporaryDirs.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(temporaryDirs.map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

let s3rver: S3rverServer;
let endpoint: string;
/** Reads the buckets directly, to see what a store really wrote. */
let rawClient: S3Client;
beforeAll(async () => {
  s3rver = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: await temporaryDir() });
  const { port } = await s3rver.run();
  endpoint = `http://127.0.0.1:${port}`;
  rawClient = new S3Client({
    endpoint,
    region: REGION,
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
  });
});
afterAll(async () => {
  rawClient.destroy();
  await s3rver.close();
});

let bucketsMade = 0;
async function createBucket(): Promise<string> {
  bucketsMade += 1;
  const bucket = `blob-store-test-${bucketsMade}`;
  await rawClient.send(new CreateBucketCommand({ Bucket: bucket }));
  return bucket;
}

async function objectKeysIn(bucket: string): Promise<string[]> {
  const listing = await rawClient.send(new ListObjectsV2Command({ Bucket: bucket }));
  return (listing.Contents ?? []).map((object) => object.Key ?? "").sort();
}

async function filesUnder(root: string): Promise<string[]> {
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
}

/** A store and a look past it at the storage underneath, by the names the storage itself uses. */
interface StoreUnderTest {
  store: BlobStore;
  storedNameOf(key: string): string;
  storedNames(): Promise<string[]>;
  readStored(name: string): Promise<Buffer>;
}

const storeKinds: { kind: string; make(): Promise<StoreUnderTest> }[] = [
  {
    kind: "folder",
    async make() {
      const root = await temporaryDir();
      return {
        store: new FolderBlobStore(root),
        storedNameOf: (key) => key,
        storedNames: () => filesUnder(root),
        readStored: (name) => fs.readFile(path.join(root, name)),
      };
    },
  },
  {
    kind: "S3 bucket with a prefix",
    async make() {
      const bucket = await createBucket();
      const prefix = "tenant-one/blobs/";
      return {
        store: new S3BlobStore({
          bucket,
          prefix,
          endpoint,
          region: REGION,
          forcePathStyle: true,
          credentials: S3RVER_CREDENTIALS,
        }),
        storedNameOf: (key) => `${prefix}${key}`,
        storedNames: () => objectKeysIn(bucket),
        async readStored(name) {
          const object = await rawClient.send(new GetObjectCommand({ Bucket: bucket, Key: name }));
          return Buffer.from((await object.Body?.transformToByteArray()) ?? []);
        },
      };
    },
  },
];

describe.each(storeKinds)("blob store: $kind", ({ make }) => {
  let subject: StoreUnderTest;
  beforeEach(async () => {
    subject = await make();
  });

  it("gives back the bytes it was given", async () => {
    const photo = randomBytes(300 * 1024);
    await subject.store.put("photos/user-1/full", photo);
    expect(await subject.store.get("photos/user-1/full")).toEqual(photo);
  });

  it("replaces a blob put again under the same key", async () => {
    await subject.store.put("photos/user-1/full", randomBytes(300 * 1024));
    const replacement = randomBytes(2000);
    await subject.store.put("photos/user-1/full", replacement);
    expect(await subject.store.get("photos/user-1/full")).toEqual(replacement);
    expect(await subject.storedNames()).toEqual([subject.storedNameOf("photos/user-1/full")]);
  });

  it("answers null for a key with no blob", async () => {
    expect(await subject.store.get("photos/nobody/full")).toBeNull();
    await subject.store.put("photos/user-1/full", randomBytes(10));
    expect(await subject.store.get("photos/user-1/thumb")).toBeNull();
  });

  it("tells a blob's size without reading it, null for a key with no blob", async () => {
    await subject.store.put("tick-archives/one", randomBytes(4321));
    expect(await subject.store.size("tick-archives/one")).toBe(4321);
    expect(await subject.store.size("tick-archives/two")).toBeNull();
  });

  it.each(["../x", "photos/../../x", "Photos/user-1", "", "/photos/user-1"])(
    "refuses the key %j without touching the storage",
    async (badKey) => {
      await expect(subject.store.put(badKey, randomBytes(10))).rejects.toThrow(/not a blob key/);
      await expect(subject.store.get(badKey)).rejects.toThrow(/not a blob key/);
      await expect(subject.store.size(badKey)).rejects.toThrow(/not a blob key/);
      expect(await subject.storedNames()).toEqual([]);
    },
  );

  it("keeps a blob under its key, below the store's prefix", async () => {
    const photo = randomBytes(1000);
    await subject.store.put("photos/user-1/full", photo);
    const storedName = subject.storedNameOf("photos/user-1/full");
    expect(await subject.storedNames()).toEqual([storedName]);
    expect(await subject.readStored(storedName)).toEqual(photo);
  });
});

describe("S3 blob store", () => {
  it("fails, rather than finding no blob, when the bucket is missing", async () => {
    const store = new S3BlobStore({
      bucket: "no-such-bucket",
      endpoint,
      region: REGION,
      forcePathStyle: true,
      credentials: S3RVER_CREDENTIALS,
    });
    await expect(store.get("photos/user-1/full")).rejects.toThrow();
    await expect(store.size("photos/user-1/full")).rejects.toThrow();
  });
});

describe("createBlobStore", () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await temporaryDir();
  });

  it("uses the bucket when BLOB_S3_BUCKET is set, in path style for an endpoint", async () => {
    const bucket = await createBucket();
    // A host name, not an address: the SDK would fall back to path style by itself for an address.
    const endpointByName = endpoint.replace("127.0.0.1", "localhost");
    const store = createBlobStore(
      loadConfig({
        DATA_DIR: dataDir,
        BLOB_S3_BUCKET: bucket,
        BLOB_S3_ENDPOINT: endpointByName,
        BLOB_S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
        BLOB_S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
        BLOB_S3_PREFIX: "tickfair/blobs",
      }),
    );
    expect(store).toBeInstanceOf(S3BlobStore);
    const photo = randomBytes(5000);
    await store.put("photos/user-1/full", photo);
    expect(await store.get("photos/user-1/full")).toEqual(photo);
    expect(await objectKeysIn(bucket)).toEqual(["tickfair/blobs/photos/user-1/full"]);
    expect(await fs.readdir(dataDir)).toEqual([]);
  });

  it("uses the folder `blobs` in DATA_DIR without BLOB_S3_BUCKET", async () => {
    const store = createBlobStore(loadConfig({ DATA_DIR: dataDir }));
    expect(store).toBeInstanceOf(FolderBlobStore);
    const photo = randomBytes(5000);
    await store.put("photos/user-1/full", photo);
    expect(await store.get("photos/user-1/full")).toEqual(photo);
    expect(await fs.readFile(path.join(dataDir, "blobs", "photos", "user-1", "full"))).toEqual(photo);
  });

  it("refuses an access key id without its secret", () => {
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, BLOB_S3_BUCKET: "photos", BLOB_S3_ACCESS_KEY_ID: "id-only" }),
    ).toThrow(/BLOB_S3_ACCESS_KEY_ID and BLOB_S3_SECRET_ACCESS_KEY are set together/);
  });

  it("refuses S3 settings without a bucket", () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, BLOB_S3_ENDPOINT: "http://minio:9000" })).toThrow(
      /BLOB_S3_ENDPOINT needs BLOB_S3_BUCKET/,
    );
  });
});
