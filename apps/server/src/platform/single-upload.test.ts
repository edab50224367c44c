import { mkdtempSync, rmSync } from "node:fs";
import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_PHOTO_BYTES } from "../files";
import { MAX_FILE_BYTES } from "../files/service";
import { registerAndLogin } from "../test/fixtures";
import { useTestApp } from "../test/harness";

// A blob folder of this file's own, so that the count of blobs is this file's alone.
const BLOB_DIR = mkdtempSync(path.join(os.tmpdir(), "tickfair-upload-limit-"));
const t = useTestApp({ BLOB_DIR });
let port = 0;
let auth: Record<string, string> = {};

beforeAll(async () => {
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as AddressInfo).port;
  auth = (await registerAndLogin(t)).auth;
});
afterAll(async () => {
  await t.app.close();
  rmSync(BLOB_DIR, { recursive: true, force: true });
});

const MiB = 1024 * 1024;
const BOUNDARY = "----tickfair-streamed";

/**
 * A JPEG of exactly `size` bytes: a small picture padded with zeros after its end marker. Decoders
 * ignore the padding, so the first `n` bytes of it are a valid image too: a file cut short at the
 * limit would pass every later check, which is what makes a silent cut dangerous.
 */
async function paddedJpeg(size: number): Promise<Buffer> {
  const picture = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#c83c28" } })
    .jpeg()
    .toBuffer();
  return Buffer.concat([picture, Buffer.alloc(size - picture.length)]);
}

interface Sending {
  /** Known length (Content-Length) or chunked transfer encoding. */
  lengthKnown: boolean;
  /** Bytes per write. */
  chunk: number;
  /** Wait a little after the write that ends exactly at `pauseAt` bytes of the file. */
  pauseAt?: number;
  /** Wait a tick between writes: a slow sender. */
  slow?: boolean;
}

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Posts `file` as the one part of a multipart body over a real socket, written piece by piece as
 * `how` says; answers the status and body. The server may answer (and close) before the body is all
 * sent: what it answered is what counts, not a write that failed after.
 */
function streamUpload(url: string, file: Buffer, how: Sending): Promise<{ status: number; body: string }> {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const headers: Record<string, string | number> = {
    ...auth,
    "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
  };
  if (how.lengthKnown) headers["content-length"] = head.length + file.length + tail.length;
  return new Promise((resolve, reject) => {
    let answered = false;
    const request = http.request(
      { host: "127.0.0.1", port, path: url, method: "POST", headers },
      (response) => {
        answered = true;
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (piece) => {
          body += piece;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
        response.on("error", reject);
      },
    );
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    void (async () => {
      const write = (data: Buffer) =>
        new Promise<void>((done) => {
          if (request.destroyed) return done();
          request.write(data, () => done());
        });
      await write(head);
      const cuts = new Set<number>();
      for (let at = how.chunk; at < file.length; at += how.chunk) cuts.add(at);
      if (how.pauseAt !== undefined && how.pauseAt < file.length) cuts.add(how.pauseAt);
      let from = 0;
      for (const to of [...[...cuts].sort((a, b) => a - b), file.length]) {
        if (request.destroyed || answered) break;
        await write(file.subarray(from, to));
        if (to === how.pauseAt) await tick(30);
        else if (how.slow) await tick(1);
        from = to;
      }
      if (!request.destroyed && !answered) request.end(tail);
    })();
  });
}

/** Every stored upload: file rows, photo rows and blobs in the store's folder. */
async function storedCounts() {
  const files = await t.db
    .selectFrom("files")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .executeTakeFirstOrThrow();
  const photos = await t.db
    .selectFrom("verification_photos")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .executeTakeFirstOrThrow();
  const entries = await fs.readdir(BLOB_DIR, { recursive: true, withFileTypes: true });
  const blobs = entries.filter((entry) => entry.isFile()).length;
  return { files: Number(files.n), photos: Number(photos.n), blobs };
}

const ROUTES = [
  { url: "/api/v1/files", limit: MAX_FILE_BYTES, code: "FILE_TOO_LARGE" },
  { url: "/api/v1/verification/photos", limit: MAX_PHOTO_BYTES, code: "PHOTO_TOO_LARGE" },
  { url: "/api/v1/chat/photos", limit: MAX_PHOTO_BYTES, code: "PHOTO_TOO_LARGE" },
];

/** Eight ways of sending a body: chunked or of known length, in small, odd and large writes, with a pause exactly at the limit, slowly. */
const sendings = (limit: number): Sending[] => [
  { lengthKnown: false, chunk: 64 * 1024, pauseAt: limit },
  { lengthKnown: false, chunk: 64 * 1024 },
  { lengthKnown: false, chunk: 16 * 1024, pauseAt: limit },
  { lengthKnown: false, chunk: 1000 * 7 + 3 },
  { lengthKnown: false, chunk: 256 * 1024, slow: true },
  { lengthKnown: false, chunk: MiB, pauseAt: limit },
  { lengthKnown: true, chunk: 64 * 1024, pauseAt: limit },
  { lengthKnown: true, chunk: 32 * 1024 + 1 },
];

describe("an upload over its limit", () => {
  for (const route of ROUTES) {
    it(`is refused whole at ${route.url}: 413 ${route.code} every time, however it is sent, nothing stored`, async () => {
      const before = await storedCounts();
      const bodies = [await paddedJpeg(route.limit + 1), await paddedJpeg(route.limit + MiB)];
      const answers: string[] = [];
      for (const file of bodies)
        for (const how of sendings(route.limit)) {
          const answer = await streamUpload(route.url, file, how);
          const code = answer.status === 413 ? (JSON.parse(answer.body).error.code as string) : answer.body;
          answers.push(`${file.length} ${JSON.stringify(how)}: ${answer.status} ${code}`);
        }
      expect(answers.filter((answer) => !answer.endsWith(`: 413 ${route.code}`))).toEqual([]);
      expect(await storedCounts()).toEqual(before);
    }, 60_000);

    it(`is accepted at exactly the limit at ${route.url}, streamed`, async () => {
      const answer = await streamUpload(route.url, await paddedJpeg(route.limit), {
        lengthKnown: false,
        chunk: 64 * 1024,
        pauseAt: route.limit,
      });
      expect(answer.status, answer.body).toBe(201);
    }, 60_000);
  }
});
