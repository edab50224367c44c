/**
 * How the simulated phones talk to the proxy: JSON over keep-alive HTTP, and when the connection drops or
 * an answer is a 5xx (a server died under the request, PostgreSQL restarted), the same request again —
 * same body, same Idempotency-Key — a few times with backoff, as the app does. Every attempt goes into
 * the answer log.
 */
import { createHash } from "node:crypto";
import http from "node:http";
import { STEP_UP_HEADER } from "@tickfair/contract";
import type { Action, AnswerLog, Attempt, LoggedRequest } from "./answer-log";

export const PROXY_HEADER = "x-soak-proxy";

export interface SoakRequest {
  actor: string;
  action: Action;
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: string;
  body?: unknown;
  token?: string | null;
  idempotencyKey?: string;
  /** A step-up token granted for this request's action (its `step-up` header). */
  stepUp?: string | null;
  /** Keep the body in the log (money requests: the checker compares amounts). */
  keepSent?: boolean;
  /** A file sent as the multipart field `file` instead of a JSON body; its digest goes into the log. */
  upload?: Upload;
}

export interface Upload {
  name: string;
  type: string;
  data: Buffer;
}

/** What the log keeps of an upload: enough to find its bytes in the database, not the bytes. */
export interface SentUpload {
  name: string;
  size: number;
  sha256: string;
}

/** Fixed: a retry re-sends the very same bytes. */
const BOUNDARY = "soak-upload-boundary-7f3a";

const BACKOFF_MS = [250, 500, 1_000, 2_000, 3_000, 3_000];
const REQUEST_TIMEOUT_MS = 30_000;

export class SoakClient {
  readonly #agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

  constructor(
    readonly origin: string,
    readonly log: AnswerLog,
  ) {}

  async send(request: SoakRequest): Promise<LoggedRequest> {
    const attempts: Attempt[] = [];
    let answer: unknown = null;
    for (let attempt = 0; ; attempt++) {
      const { result, text } = await this.#once(request);
      attempts.push(result);
      answer = parseJson(text);
      const retry = result.status === 0 || result.status >= 500;
      const wait = BACKOFF_MS[attempt];
      if (!retry || wait === undefined) break;
      await sleep(wait);
    }
    const last = attempts.at(-1);
    const entry: LoggedRequest = {
      actor: request.actor,
      action: request.action,
      method: request.method,
      path: request.path,
      idempotencyKey: request.idempotencyKey ?? null,
      sent: request.keepSent ? (request.upload ? sentUpload(request.upload) : (request.body ?? null)) : null,
      attempts,
      status: last?.status ?? 0,
      answer,
    };
    this.log.add(entry);
    return entry;
  }

  close(): void {
    this.#agent.destroy();
  }

  #once(request: SoakRequest): Promise<{ result: Attempt; text: string }> {
    const payload = request.upload
      ? multipart(request.upload)
      : request.body === undefined
        ? undefined
        : JSON.stringify(request.body);
    const headers: Record<string, string> = { "accept-language": "en" };
    if (payload !== undefined) {
      headers["content-type"] = request.upload
        ? `multipart/form-data; boundary=${BOUNDARY}`
        : "application/json";
      headers["content-length"] = String(Buffer.byteLength(payload));
    }
    if (request.token) headers.authorization = `Bearer ${request.token}`;
    if (request.idempotencyKey) headers["idempotency-key"] = request.idempotencyKey;
    if (request.stepUp) headers[STEP_UP_HEADER] = request.stepUp;
    const sentAt = Date.now();
    return new Promise((resolve) => {
      let settled = false;
      const done = (status: number, fromProxy: boolean, error: string | null, text: string) => {
        // A timeout or a late socket error after the answer must not overwrite it.
        if (settled) return;
        settled = true;
        resolve({ result: { sentAt, endedAt: Date.now(), status, fromProxy, error }, text });
      };
      const outgoing = http.request(
        new URL(request.path, this.origin),
        { method: request.method, agent: this.#agent, headers, timeout: REQUEST_TIMEOUT_MS },
        (response) => {
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => {
            text += chunk;
          });
          response.on("end", () =>
            done(response.statusCode ?? 0, response.headers[PROXY_HEADER] !== undefined, null, text),
          );
          response.on("error", (error) => done(0, false, error.message, ""));
        },
      );
      outgoing.on("timeout", () => outgoing.destroy(new Error("timed out")));
      outgoing.on("error", (error) => done(0, false, error.message, ""));
      outgoing.end(payload);
    });
  }
}

function multipart(upload: Upload): Buffer {
  const head =
    `--${BOUNDARY}\r\ncontent-disposition: form-data; name="file"; filename="${upload.name}"\r\n` +
    `content-type: ${upload.type}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), upload.data, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
}

export const sentUpload = (upload: Upload): SentUpload => ({
  name: upload.name,
  size: upload.data.length,
  sha256: createHash("sha256").update(upload.data).digest("hex"),
});

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
