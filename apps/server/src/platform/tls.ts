import fs from "node:fs";
import type { Http2Session } from "node:http2";
import tls from "node:tls";
import type { FastifyInstance } from "fastify";
import type { Config } from "./config";

/** The certificate chain and private key this server answers TLS with, as read at start. */
export interface TlsFiles {
  cert: Buffer;
  key: Buffer;
}

/**
 * Reads TLS_CERT_FILE and TLS_KEY_FILE (none when unset) and checks that they make a certificate and
 * its key, so a wrong path or a key of another certificate stops the start with its reason rather
 * than failing every handshake.
 */
export function readTlsFiles(config: Pick<Config, "TLS_CERT_FILE" | "TLS_KEY_FILE">): TlsFiles | undefined {
  if (!config.TLS_CERT_FILE || !config.TLS_KEY_FILE) return undefined;
  const files = {
    cert: readSetting("TLS_CERT_FILE", config.TLS_CERT_FILE),
    key: readSetting("TLS_KEY_FILE", config.TLS_KEY_FILE),
  };
  try {
    tls.createSecureContext(files);
  } catch (error) {
    throw new Error(
      `Invalid configuration: TLS_CERT_FILE and TLS_KEY_FILE are not a PEM certificate and its key (${reason(error)})`,
    );
  }
  return files;
}

function readSetting(name: string, file: string): Buffer {
  try {
    return fs.readFileSync(file);
  } catch (error) {
    throw new Error(`Invalid configuration: ${name} ${file} cannot be read (${reason(error)})`);
  }
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Fastify's options for answering TLS here: HTTP/2 to a client that offers it in the handshake (ALPN),
 * HTTP/1.1 to the rest, WebSocket upgrades included (browsers open those over HTTP/1.1). Nothing
 * without certificate files. Typed as no options: handlers meet HTTP/2 requests through Node's
 * compatibility API, which has the shapes of HTTP/1's, so the app keeps its plain server's types.
 */
export function tlsServerOptions(files: TlsFiles | undefined): object {
  if (!files) return {};
  return { http2: true, https: { allowHTTP1: true, cert: files.cert, key: files.key } };
}

/**
 * On close, asks every HTTP/2 connection to end once its requests are answered (GOAWAY). Idle
 * HTTP/1.1 connections end with the server's close, but a browser's HTTP/2 session stays open, so
 * without this the close would wait for the session timeout.
 */
export function endHttp2SessionsOnClose(app: FastifyInstance): void {
  const sessions = new Set<Http2Session>();
  app.server.on("session", (session: Http2Session) => {
    sessions.add(session);
    session.once("close", () => sessions.delete(session));
  });
  app.addHook("preClose", async () => {
    for (const session of sessions) session.close();
  });
}
