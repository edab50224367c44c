import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import http2 from "node:http2";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { DEMO } from "../demo";
import { loadConfig } from "./config";
import { readHold } from "./data-dir-hold";
import { makeThrowawayCertificate } from "./throwaway-certificate";
import { readTlsFiles } from "./tls";

const root = path.resolve(import.meta.dirname, "../../../..");

interface H2Answer {
  status: number;
  headers: http2.IncomingHttpHeaders;
  body: string;
}

function h2Request(
  session: http2.ClientHttp2Session,
  headers: http2.OutgoingHttpHeaders,
  body?: string,
): Promise<H2Answer> {
  return new Promise((resolve, reject) => {
    const stream = session.request(headers, { endStream: body === undefined });
    let answerHeaders: http2.IncomingHttpHeaders = {};
    let text = "";
    stream.setEncoding("utf8");
    stream.on("response", (received) => {
      answerHeaders = received;
    });
    stream.on("data", (chunk: string) => {
      text += chunk;
    });
    stream.on("end", () =>
      resolve({ status: Number(answerHeaders[":status"]), headers: answerHeaders, body: text }),
    );
    stream.on("error", reject);
    if (body !== undefined) stream.end(body);
  });
}

async function until(what: string, ready: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!ready()) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function startServer(env: NodeJS.ProcessEnv): {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
} {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "apps/server/src/main.ts")], {
    cwd: root,
    env: { ...process.env, HOST: "127.0.0.1", PORT: "0", DATABASE_URL: "", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exit = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => output, exit };
}

describe("serving TLS and HTTP/2 directly", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tickfair-tls-"));
  const dataDir = path.join(dir, "data");
  const webDist = path.join(dir, "web");
  const { certFile, keyFile } = makeThrowawayCertificate(dir);
  const ca = fs.readFileSync(certFile);
  let server: ReturnType<typeof startServer>;
  let origin = "";

  beforeAll(async () => {
    fs.mkdirSync(path.join(webDist, "static"), { recursive: true });
    fs.writeFileSync(path.join(webDist, "index.html"), "<!doctype html><title>Tickfair</title>");
    fs.writeFileSync(path.join(webDist, "static", "app.js"), "console.log('app');");
    server = startServer({
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      DEMO_MODE: "true",
      TLS_CERT_FILE: certFile,
      TLS_KEY_FILE: keyFile,
    });
    await until("the start", () => server.output().includes("Tickfair is running"), 90_000);
    origin = readHold(dataDir)?.url.replace("127.0.0.1", "localhost") ?? "";
  }, 120_000);

  afterAll(async () => {
    if (server.child.exitCode === null) {
      server.child.kill("SIGKILL");
      await server.exit;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("prints https addresses and tells tools the https one", () => {
    expect(origin).toMatch(/^https:\/\/localhost:\d+$/);
    expect(server.output()).toContain("App (H5):       https://localhost:");
  });

  it("answers the API and the app's pages over HTTP/2, with HSTS", async () => {
    const session = http2.connect(origin, { ca });
    try {
      const health = await h2Request(session, { ":path": "/api/v1/health" });
      expect(session.alpnProtocol).toBe("h2");
      expect(health.status).toBe(200);
      expect(JSON.parse(health.body)).toMatchObject({ status: "ok" });
      expect(health.headers["strict-transport-security"]).toBe("max-age=15552000; includeSubDomains");

      const page = await h2Request(session, { ":path": "/h5/" });
      expect(page.status).toBe(200);
      expect(page.headers["content-type"]).toMatch(/^text\/html/);
      expect(page.body).toContain("<title>Tickfair</title>");
      expect(page.headers["content-security-policy"]).toContain("upgrade-insecure-requests");
      const script = await h2Request(session, { ":path": "/h5/static/app.js" });
      expect(script.status).toBe(200);
      expect(script.body).toBe("console.log('app');");
    } finally {
      session.close();
    }
  });

  it("still answers an HTTP/1.1 client", async () => {
    const answer = await new Promise<{ version: string; status: number; hsts: unknown }>(
      (resolve, reject) => {
        https
          .get(`${origin}/api/v1/health`, { ca }, (response) => {
            response.resume();
            response.on("end", () =>
              resolve({
                version: response.httpVersion,
                status: response.statusCode ?? 0,
                hsts: response.headers["strict-transport-security"],
              }),
            );
          })
          .on("error", reject);
      },
    );
    expect(answer).toEqual({
      version: "1.1",
      status: 200,
      hsts: "max-age=15552000; includeSubDomains",
    });
  });

  it("connects the app's WebSocket over TLS with a session signed in over HTTP/2", async () => {
    const session = http2.connect(origin, { ca });
    const login = await h2Request(
      session,
      { ":method": "POST", ":path": "/api/v1/auth/login", "content-type": "application/json" },
      JSON.stringify({ account: DEMO.user.account, password: DEMO.user.password }),
    ).finally(() => session.close());
    expect(login.status).toBe(200);
    const { token } = JSON.parse(login.body) as { token: string };

    const socket = new WebSocket(`${origin.replace("https:", "wss:")}/api/ws`, { ca });
    try {
      const first = await new Promise<unknown>((resolve, reject) => {
        socket.once("open", () => socket.send(JSON.stringify({ type: "auth", token })));
        socket.once("message", (data: Buffer) => resolve(JSON.parse(data.toString())));
        socket.once("error", reject);
      });
      expect(first).toEqual({ type: "ready" });
    } finally {
      socket.close();
    }
  });

  it("ends open HTTP/2 connections on SIGTERM and exits at once", async () => {
    const session = http2.connect(origin, { ca });
    await h2Request(session, { ":path": "/api/v1/health" });
    const closed = new Promise<void>((resolve) => session.on("close", () => resolve()));
    const started = Date.now();
    server.child.kill("SIGTERM");
    expect(await server.exit).toBe(0);
    await closed;
    // The session timeout (72 s) is what it would otherwise wait for.
    expect(Date.now() - started).toBeLessThan(15_000);
  }, 30_000);
});

describe("TLS configuration", () => {
  it("takes the certificate and the key together or not at all", () => {
    expect(() => loadConfig({ TLS_CERT_FILE: "cert.pem" })).toThrow(
      "Invalid configuration: TLS_CERT_FILE and TLS_KEY_FILE are set together or not at all",
    );
    expect(() => loadConfig({ TLS_KEY_FILE: "key.pem" })).toThrow(
      "Invalid configuration: TLS_CERT_FILE and TLS_KEY_FILE are set together or not at all",
    );
    expect(readTlsFiles(loadConfig({}))).toBeUndefined();
  });

  it("refuses an http PUBLIC_URL when it serves TLS itself", () => {
    expect(() =>
      loadConfig({
        TLS_CERT_FILE: "cert.pem",
        TLS_KEY_FILE: "key.pem",
        PUBLIC_URL: "http://trade.example.com",
      }),
    ).toThrow("Invalid configuration: PUBLIC_URL is http but TLS_CERT_FILE makes this server answer https");
  });

  it("names a file it cannot read, and a key that is not the certificate's", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tickfair-tls-config-"));
    try {
      const first = makeThrowawayCertificate(dir);
      const missing = path.join(dir, "missing.pem");
      expect(() => readTlsFiles({ TLS_CERT_FILE: first.certFile, TLS_KEY_FILE: missing })).toThrow(
        `Invalid configuration: TLS_KEY_FILE ${missing} cannot be read (ENOENT`,
      );
      const otherDir = fs.mkdtempSync(path.join(dir, "other-"));
      const other = makeThrowawayCertificate(otherDir);
      expect(() => readTlsFiles({ TLS_CERT_FILE: first.certFile, TLS_KEY_FILE: other.keyFile })).toThrow(
        "Invalid configuration: TLS_CERT_FILE and TLS_KEY_FILE are not a PEM certificate and its key",
      );
      expect(readTlsFiles({ TLS_CERT_FILE: first.certFile, TLS_KEY_FILE: first.keyFile })).toMatchObject({
        cert: expect.any(Buffer),
        key: expect.any(Buffer),
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("stops the start on an unreadable certificate before touching the database", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tickfair-tls-start-"));
    try {
      const missing = path.join(dir, "cert.pem");
      const attempt = startServer({
        DATA_DIR: path.join(dir, "data"),
        TLS_CERT_FILE: missing,
        TLS_KEY_FILE: path.join(dir, "key.pem"),
      });
      expect(await attempt.exit).not.toBe(0);
      expect(attempt.output()).toContain(`Invalid configuration: TLS_CERT_FILE ${missing} cannot be read`);
      expect(fs.existsSync(path.join(dir, "data"))).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
