import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ApiError } from "./api-error";
import {
  type ApiClientConfig,
  apiCall,
  REQUEST_TIMEOUT_MS,
  type RequestOptions,
  readBody,
  requestHeaders,
} from "./http-client";

/**
 * The client against a real HTTP server that answers by path: JSON, an error body, a 401, a file,
 * or nothing for a while (a timeout).
 */
const seen: { path: string; method: string; headers: IncomingHttpHeaders; body: string }[] = [];
const server = createServer((request, response) => {
  let body = "";
  request.on("data", (chunk: Buffer) => {
    body += chunk.toString();
  });
  request.on("end", () => {
    const path = request.url ?? "";
    seen.push({ path, method: request.method ?? "", headers: request.headers, body });
    const json = (status: number, value: unknown) => {
      response.writeHead(status, { "Content-Type": "application/json" });
      response.end(JSON.stringify(value));
    };
    if (path === "/api/echo") json(200, { ok: true });
    else if (path === "/api/empty") response.writeHead(204).end();
    else if (path === "/api/refused") json(401, { error: { code: "UNAUTHENTICATED", message: "Sign in." } });
    else if (path === "/api/invalid")
      json(400, {
        error: { code: "VALIDATION_FAILED", message: "Check.", fields: { phone: "PHONE_TAKEN" } },
      });
    else if (path === "/api/proof") response.writeHead(200, { "Content-Type": "image/png" }).end("PNG");
    else if (path === "/api/slow")
      return; // never answers
    else response.writeHead(502).end("<html>bad gateway</html>");
  });
});
let origin = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function client(overrides: Partial<ApiClientConfig> = {}) {
  const refused: string[] = [];
  const config: ApiClientConfig = {
    prefix: `${origin}/api`,
    token: () => "token-1",
    language: () => "en",
    onUnauthorized: (token) => refused.push(token),
    ...overrides,
  };
  return { api: clientOf(config), refused };
}

/** What each app makes of the core: JSON calls and file downloads. */
function clientOf(config: ApiClientConfig) {
  return {
    request: (path: string, options: RequestOptions = {}) => apiCall(config, path, options, readBody),
    blob: (path: string, options: RequestOptions = {}) =>
      apiCall(config, path, options, (response) => response.blob()),
  };
}
const last = () => seen[seen.length - 1];

describe("the API client", () => {
  it("sends JSON with the language, the token only when asked, and a call's own headers", async () => {
    const { api } = client();
    expect(await api.request("/echo")).toEqual({ ok: true });
    expect(last()).toMatchObject({
      method: "GET",
      headers: { accept: "application/json", "accept-language": "en" },
    });
    expect(last()?.headers.authorization).toBeUndefined();

    await api.request("/echo", {
      body: { amount: "10.00" },
      auth: true,
      headers: { "Idempotency-Key": "k-1" },
    });
    expect(last()).toMatchObject({
      method: "POST",
      body: '{"amount":"10.00"}',
      headers: {
        authorization: "Bearer token-1",
        "idempotency-key": "k-1",
        "content-type": "application/json",
      },
    });
    expect(await api.request("/empty", { method: "DELETE" })).toBeUndefined();
    await api.request("/echo", { headers: { Accept: "text/csv" } });
    expect(last()?.headers.accept).toBe("text/csv");
    expect(requestHeaders(clientConfigAt(""), null)).toEqual({ Accept: "application/json" });
  });

  it("sends a form as multipart, with no JSON type of its own", async () => {
    const { api } = client();
    const form = new FormData();
    form.append("file", new Blob(["%PDF-1.7"], { type: "application/pdf" }), "attestation.pdf");
    expect(await api.request("/echo", { method: "PUT", body: form, auth: true })).toEqual({ ok: true });
    expect(last()?.method).toBe("PUT");
    expect(last()?.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(last()?.body).toContain('filename="attestation.pdf"');
    expect(last()?.body).toContain("%PDF-1.7");
    expect(last()?.headers.authorization).toBe("Bearer token-1");
  });

  it("fetches files with the token", async () => {
    const { api } = client();
    const proof = await api.blob("/proof", { auth: true });
    expect(await proof.text()).toBe("PNG");
    expect(last()?.headers.authorization).toBe("Bearer token-1");
  });

  it("throws the server's error with its code, message and fields", async () => {
    const { api } = client();
    const error = await api.request("/invalid", { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: "VALIDATION_FAILED", status: 400, serverMessage: "Check." });
    expect((error as ApiError).fields).toEqual({ phone: "PHONE_TAKEN" });
    await expect(api.request("/gateway")).rejects.toMatchObject({ code: "INTERNAL", status: 502 });
  });

  it("ends the session a 401 answers, unless the call was made without it or says not to", async () => {
    const { api, refused } = client();
    await expect(api.request("/refused", { auth: true })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    expect(refused).toEqual(["token-1"]);
    await expect(api.request("/refused")).rejects.toMatchObject({ status: 401 });
    await expect(api.request("/refused", { auth: true, ignoreUnauthorized: true })).rejects.toThrow();
    expect(refused).toEqual(["token-1"]);
  });

  it("reports a timeout, a network failure, and passes the caller's own abort on untouched", async () => {
    const { api } = client();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const pending = api.request("/slow").catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
      expect(await pending).toMatchObject({ code: "TIMEOUT", status: 0, isNetwork: true });
    } finally {
      vi.useRealTimers();
    }
    const offline = clientOf(clientConfigAt("http://127.0.0.1:1/api"));
    await expect(offline.request("/echo")).rejects.toMatchObject({ code: "NETWORK_ERROR", status: 0 });

    const controller = new AbortController();
    const pending = client().api.request("/slow", { signal: controller.signal });
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe("AbortError");
  });

  it("tells whether each call reached the server: any answer yes, none no, the caller's abort nothing", async () => {
    const reached: boolean[] = [];
    const { api } = client({ onReach: (value) => reached.push(value) });
    await api.request("/echo");
    await api.request("/invalid").catch(() => {});
    expect(reached).toEqual([true, true]);
    const offline = clientOf({
      ...clientConfigAt("http://127.0.0.1:1/api"),
      onReach: (value) => reached.push(value),
    });
    await offline.request("/echo").catch(() => {});
    expect(reached).toEqual([true, true, false]);
    const controller = new AbortController();
    const pending = api.request("/slow", { signal: controller.signal }).catch(() => {});
    controller.abort();
    await pending;
    expect(reached).toEqual([true, true, false]);
  });
});

function clientConfigAt(prefix: string): ApiClientConfig {
  return {
    prefix,
    token: () => null,
    language: () => undefined,
    onUnauthorized: () => {},
  };
}
