import type { App } from "../app";

/** A 1×1 PNG: the upload route looks at the bytes, not at the declared type. */
export const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d2d1a30000000049454e44ae426082",
  "hex",
);

/** A multipart/form-data body holding `file` as a PNG image named `filename`. */
export function multipart(file: Buffer, filename = "proof.png"): { payload: Buffer; contentType: string } {
  const boundary = "----tickfair";
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

/** An upload of `file` through the API, as the user `auth` signs in. */
export function uploadFile(app: App, auth: Record<string, string>, file: Buffer, filename?: string) {
  const { payload, contentType } = multipart(file, filename);
  return app.inject({
    method: "POST",
    url: "/api/v1/files",
    payload,
    headers: { ...auth, "content-type": contentType },
  });
}
