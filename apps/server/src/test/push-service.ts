import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import type { Config } from "../platform/config";
import { parsePushServices } from "../platform/push-services";
import { useTestApp } from "./harness";

/**
 * A push service on this machine, for tests: it takes Web Push requests as a real one does (RFC 8030
 * with VAPID, RFC 8292), checks them, and decrypts each message with the browser's private key and
 * auth secret (RFC 8291, aes128gcm of RFC 8188). The decryption is written here from the RFCs with
 * node:crypto, not with the library the server sends with, so a test checks the server independently.
 */

export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface Received {
  /** The subscription's path on this service. */
  id: string;
  ttl: number;
  urgency: string | null;
  /** The VAPID claims the request carried. */
  claims: { aud: string; exp: number; sub: string };
  /** The VAPID public key it was signed with (k=). */
  serverKey: string;
  plaintext: string;
}

interface Browser {
  ecdh: ReturnType<typeof createECDH>;
  publicKey: Buffer;
  auth: Buffer;
}

const b64url = (bytes: Buffer) => bytes.toString("base64url");

/** The configuration that lets the server send to a LocalPushService (on 127.0.0.1, any port). */
export const LOCAL_PUSH_SERVICE = parsePushServices("http://127.0.0.1:*").patterns;

/**
 * The test app sending its push messages to a LocalPushService, started before the file's tests and
 * stopped after them; `pushService()` is that service.
 */
export function usePushingApp(overrides: Partial<Config> = {}) {
  const t = useTestApp({ PUSH_SERVICES: LOCAL_PUSH_SERVICE, ...overrides });
  let service: LocalPushService;
  beforeAll(async () => {
    service = await LocalPushService.start();
  });
  afterAll(async () => {
    await service.stop();
  });
  return { t, pushService: () => service };
}

export class LocalPushService {
  readonly received: Received[] = [];
  /** Requests refused as a real service would (bad VAPID, TTL or encoding), with why. */
  readonly refused: { id: string; status: number; reason: string }[] = [];
  #server: Server;
  #browsers = new Map<string, Browser>();
  #answers: number[] = [];

  private constructor(server: Server) {
    this.#server = server;
  }

  static async start(): Promise<LocalPushService> {
    const server = createServer();
    const service = new LocalPushService(server);
    server.on("request", (request, response) => {
      void service.#handle(request).then(
        ({ status, reason }) => response.writeHead(status, { "content-type": "text/plain" }).end(reason),
        (error: unknown) => response.writeHead(500).end(String(error)),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return service;
  }

  get origin(): string {
    const { port } = this.#server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  /** A new browser's subscription: a fresh P-256 key pair and 16-byte auth secret, as PushManager makes them. */
  subscribe(): BrowserSubscription {
    const ecdh = createECDH("prime256v1");
    const publicKey = ecdh.generateKeys();
    const auth = randomBytes(16);
    const id = randomBytes(8).toString("hex");
    this.#browsers.set(id, { ecdh, publicKey, auth });
    return { endpoint: `${this.origin}/push/${id}`, keys: { p256dh: b64url(publicKey), auth: b64url(auth) } };
  }

  /** The next requests are answered with these statuses, in order (then 201 again). */
  answerNext(...statuses: number[]): void {
    this.#answers.push(...statuses);
  }

  /** The decrypted messages received, parsed as JSON. */
  payloads<T = unknown>(): T[] {
    return this.received.map((message) => JSON.parse(message.plaintext) as T);
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  async #handle(request: IncomingMessage): Promise<{ status: number; reason: string }> {
    const body = await readBody(request);
    const id = /^\/push\/([0-9a-f]+)$/.exec(request.url ?? "")?.[1] ?? "";
    const browser = this.#browsers.get(id);
    const refuse = (status: number, reason: string) => {
      this.refused.push({ id, status, reason });
      return { status, reason };
    };
    if (request.method !== "POST" || !browser) return refuse(404, "no such subscription");
    const answer = this.#answers.shift();
    if (answer !== undefined && answer !== 201) return refuse(answer, "asked to answer so");
    const vapid = checkVapid(request.headers.authorization, this.origin);
    if (typeof vapid === "string") return refuse(403, vapid);
    const ttl = Number(request.headers.ttl);
    if (request.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0)
      return refuse(400, "TTL missing");
    if (request.headers["content-encoding"] !== "aes128gcm") return refuse(415, "not aes128gcm");
    let plaintext: string;
    try {
      plaintext = decrypt(body, browser).toString("utf8");
    } catch (error) {
      return refuse(400, `cannot decrypt: ${String(error)}`);
    }
    const urgency = request.headers.urgency;
    this.received.push({
      id,
      ttl,
      urgency: typeof urgency === "string" ? urgency : null,
      claims: vapid.claims,
      serverKey: vapid.key,
      plaintext,
    });
    return { status: 201, reason: "" };
  }
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });
}

/**
 * RFC 8292: `vapid t=<JWT>, k=<public key>`; the JWT is ES256-signed by k's private key, for this
 * service's origin, and expires in the future but within a day. Answers the claims, or why not.
 */
function checkVapid(
  header: string | undefined,
  origin: string,
): { claims: Received["claims"]; key: string } | string {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? "");
  if (!match?.[1] || !match[2]) return "no vapid authorization";
  const [token, key] = [match[1], match[2]];
  const [head, claimsPart, signature] = token.split(".") as [string, string, string];
  const raw = Buffer.from(key, "base64url");
  if (raw.length !== 65 || raw[0] !== 4) return "k is not an uncompressed P-256 point";
  const publicKey = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33)) },
    format: "jwk",
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${head}.${claimsPart}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!signed) return "bad signature";
  const jose = JSON.parse(Buffer.from(head, "base64url").toString()) as { alg?: string };
  if (jose.alg !== "ES256") return "not ES256";
  const claims = JSON.parse(Buffer.from(claimsPart, "base64url").toString()) as Received["claims"];
  if (claims.aud !== origin) return `aud ${claims.aud} is not ${origin}`;
  const now = Date.now() / 1000;
  if (!(claims.exp > now) || claims.exp > now + 24 * 60 * 60) return "exp not within a day";
  if (!/^(mailto:|https:)/.test(claims.sub ?? "")) return "sub is not mailto: or https:";
  return { claims, key };
}

/**
 * RFC 8291 §3.4 and RFC 8188 §2: the header (salt, record size, the sender's key as keyid), the
 * shared secret with the sender's key, the auth secret mixed in, then the content key and nonce.
 * The one record ends with the 0x02 delimiter and any zero padding.
 */
function decrypt(body: Buffer, browser: Browser): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error("keyid is not the sender's P-256 key");
  if (ciphertext.length > recordSize) throw new Error("more than one record");
  const shared = browser.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), browser.publicKey, senderKey]);
  const ikm = Buffer.from(hkdfSync("sha256", shared, browser.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("no last-record delimiter");
  return padded.subarray(0, end);
}
