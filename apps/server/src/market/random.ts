import { createHmac } from "node:crypto";

const TWO_POW_53 = 2 ** 53;

/**
 * A deterministic random stream: HMAC-SHA256(seed, stream | counter), cut into 53-bit uniforms. The same
 * seed and stream always give the same numbers (tests, reproducible demos), yet without the seed the
 * next price cannot be predicted from the past ones — which a small PRNG such as mulberry32, with 32
 * bits of state, would allow by brute force, letting a user foresee contract outcomes.
 */
export class KeyedRandom {
  readonly #seed: string;
  readonly #stream: string;
  #counter = 0;
  #pool: number[] = [];
  #spareNormal: number | null = null;

  constructor(seed: string, stream: string) {
    this.#seed = seed;
    this.#stream = stream;
  }

  /** Uniform in the open interval (0, 1). */
  next(): number {
    if (this.#pool.length === 0) {
      const block = createHmac("sha256", this.#seed).update(`${this.#stream}|${this.#counter}`).digest();
      this.#counter += 1;
      for (let offset = 0; offset < block.length; offset += 8) {
        const bits = Number(block.readBigUInt64BE(offset) >> 11n);
        this.#pool.push((bits + 0.5) / TWO_POW_53);
      }
    }
    return this.#pool.shift() as number;
  }

  /** Standard normal (Box–Muller, both halves used). */
  normal(): number {
    if (this.#spareNormal !== null) {
      const spare = this.#spareNormal;
      this.#spareNormal = null;
      return spare;
    }
    const radius = Math.sqrt(-2 * Math.log(this.next()));
    const angle = 2 * Math.PI * this.next();
    this.#spareNormal = radius * Math.sin(angle);
    return radius * Math.cos(angle);
  }
}
