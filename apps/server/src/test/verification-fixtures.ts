import { mainlandIdCheckCharacter } from "@tickfair/contract";
import sharp from "sharp";
import { expect } from "vitest";
import type { App } from "../app";
import { multipart } from "./files";

/** A JPEG as a phone writes one: EXIF with the camera and a GPS position, stored sideways (orientation 6). */
export async function phonePhoto(colour = { r: 200, g: 60, b: 40 }): Promise<Buffer> {
  return sharp({ create: { width: 120, height: 80, channels: 3, background: colour } })
    .jpeg()
    .withExif({ IFD0: { Make: "TestPhone" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "31/1 14/1 0/1" } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** An ID photo uploaded through the API, as the user `auth` signs in. */
export function uploadIdPhoto(app: App, auth: Record<string, string>, data: Buffer) {
  const { payload, contentType } = multipart(data, "id.jpg");
  return app.inject({
    method: "POST",
    url: "/api/v1/verification/photos",
    headers: { ...auth, "content-type": contentType },
    payload,
  });
}

/** A phone's photo sent to customer service by the user `auth` signs in as: its id for a message. */
export async function uploadChatPhoto(app: App, auth: Record<string, string>): Promise<string> {
  const form = multipart(await phonePhoto(), "screenshot.jpg");
  const upload = await app.inject({
    method: "POST",
    url: "/api/v1/chat/photos",
    headers: { ...auth, "content-type": form.contentType },
    payload: form.payload,
  });
  expect(upload.statusCode, upload.body).toBe(201);
  return upload.json<{ photoId: string }>().photoId;
}

let serial = 0;

/**
 * A valid 18-digit mainland ID number, new on each call within a process (a birth date and sequence
 * from a counter, then the checksum): each number verifies one account only.
 */
export function mainlandIdNumber(): string {
  serial += 1;
  const birth = new Date(Date.UTC(1950, 0, 1) + ((serial * 7919 + process.pid) % 18_000) * 86_400_000);
  const date = birth.toISOString().slice(0, 10).replaceAll("-", "");
  const body = `110105${date}${String(serial % 1000).padStart(3, "0")}`;
  return body + mainlandIdCheckCharacter(body);
}

/** Uploads two photos and submits a verification (fields overridable); answers the submission's reply. */
export async function submitVerificationThroughApi(
  app: App,
  auth: Record<string, string>,
  overrides: Record<string, string> = {},
) {
  const front = (await uploadIdPhoto(app, auth, await phonePhoto())).json<{ photoId: string }>().photoId;
  const back = (await uploadIdPhoto(app, auth, await phonePhoto({ r: 40, g: 60, b: 200 }))).json<{
    photoId: string;
  }>().photoId;
  return app.inject({
    method: "POST",
    url: "/api/v1/verification",
    headers: auth,
    payload: {
      name: "张三",
      idNumber: mainlandIdNumber(),
      nationality: "CN",
      frontPhotoId: front,
      backPhotoId: back,
      ...overrides,
    },
  });
}
