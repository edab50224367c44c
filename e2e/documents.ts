import { deflateSync } from "node:zlib";
import { mainlandIdCheckCharacter } from "../packages/contract/src/validators";

type Rgb = readonly [number, number, number];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(crc(body));
  return Buffer.concat([length, body, sum]);
}

/** A real 8-bit RGB PNG of `width` × `height`, each pixel's colour from `pixel`: uploads the server decodes. */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    const start = y * (1 + width * 3);
    for (let x = 0; x < width; x++) rows.set(pixel(x, y), start + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * A valid 18-character mainland ID number never used before: each number verifies one account only,
 * and journeys share a database across runs. A random birth date and sequence, then the checksum.
 */
export function newMainlandIdNumber(): string {
  const from = Date.UTC(1950, 0, 1);
  const to = Date.UTC(2004, 0, 1);
  const birth = new Date(from + Math.floor(Math.random() * (to - from)));
  const date = birth.toISOString().slice(0, 10).replaceAll("-", "");
  const body = `110105${date}${String(Math.floor(Math.random() * 1000)).padStart(3, "0")}`;
  return body + mainlandIdCheckCharacter(body);
}
