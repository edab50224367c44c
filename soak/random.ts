/**
 * A small seeded generator (mulberry32): the same `--seed` gives every simulated user the same choices,
 * so a run that found something can be run again. Timing still differs between runs (kills, the
 * scheduler), so the requests are the same in kind and order per user, not in their answers.
 */
export class Random {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** A whole number in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error("pick from an empty list");
    return item;
  }

  /** One of `weights`' keys, each as likely as its weight. */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K {
    const entries = Object.entries(weights) as [K, number][];
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let at = this.next() * total;
    for (const [key, weight] of entries) {
      at -= weight;
      if (at < 0) return key;
    }
    const last = entries.at(-1);
    if (!last) throw new Error("no weights");
    return last[0];
  }

  /** A generator for one user (or loop) of this run, independent of the others' draws. */
  fork(index: number): Random {
    return new Random(Math.imul(this.#state ^ (index + 1), 0x9e3779b1) ^ index);
  }
}
