/**
 * Small images for the users' uploads, made here with sharp: each one distinct (its first pixels spell
 * the account and a counter), so the checker can find every upload's bytes in the database. And a file
 * that only pretends to be an image, which the server must refuse and keep nothing of.
 */
import sharp from "sharp";
import type { Upload } from "./http-client";
import type { Random } from "./random";

const WIDTH = 40;
const HEIGHT = 30;

export async function soakImage(random: Random, tag: string): Promise<Upload> {
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3);
  const [r, g, b] = [random.int(0, 255), random.int(0, 255), random.int(0, 255)];
  for (let offset = 0; offset < pixels.length; offset += 3) pixels.set([r, g, b], offset);
  pixels.write(tag, "latin1");
  const image = sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } });
  // PNG keeps the tag's pixels exactly; JPEG (lossy) is still distinct by its colours and tag.
  return random.chance(0.5)
    ? { name: `${tag}.png`, type: "image/png", data: await image.png().toBuffer() }
    : { name: `${tag}.jpg`, type: "image/jpeg", data: await image.jpeg({ quality: 90 }).toBuffer() };
}

export function notAnImage(tag: string): Upload {
  return { name: `${tag}.png`, type: "image/png", data: Buffer.from(`not an image: ${tag}`) };
}
