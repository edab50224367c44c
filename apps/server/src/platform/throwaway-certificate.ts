import { execFileSync } from "node:child_process";
import path from "node:path";

/**
 * Makes a self-signed certificate for localhost and 127.0.0.1, valid a day, in `dir` with `openssl`:
 * for tests and benches that serve TLS. No browser trusts it; never give it to users.
 */
export function makeThrowawayCertificate(dir: string): { certFile: string; keyFile: string } {
  const certFile = path.join(dir, "cert.pem");
  const keyFile = path.join(dir, "key.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost,IP:127.0.0.1",
      "-keyout",
      keyFile,
      "-out",
      certFile,
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  return { certFile, keyFile };
}
