import { describe, expect, it } from "vitest";
import { Batcher, batcherPerKey } from "./batcher";

/** A batch function whose batches finish only when the test says so. */
function heldBatches() {
  const batches: { items: number[]; finish: () => void; fail: (error: Error) => void }[] = [];
  const run = (items: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      batches.push({
        items,
        finish: () => resolve(items.map((item) => `answer ${item}`)),
        fail: reject,
      });
    });
  return { batches, run };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("Batcher", () => {
  it("starts an item alone when a slot is free, and sends what waited meanwhile together", async () => {
    const { batches, run } = heldBatches();
    const batcher = new Batcher(run, { maxSize: 10, concurrency: 1 });
    const first = batcher.add(1);
    const waiting = [batcher.add(2), batcher.add(3), batcher.add(4)];
    await tick();
    expect(batches.map((b) => b.items)).toEqual([[1]]);
    batches[0]?.finish();
    expect(await first).toBe("answer 1");
    await tick();
    expect(batches.map((b) => b.items)).toEqual([[1], [2, 3, 4]]);
    batches[1]?.finish();
    expect(await Promise.all(waiting)).toEqual(["answer 2", "answer 3", "answer 4"]);
  });

  it("runs at most `concurrency` batches of at most `maxSize` items", async () => {
    const { batches, run } = heldBatches();
    const batcher = new Batcher(run, { maxSize: 2, concurrency: 2 });
    const answers = [1, 2, 3, 4, 5, 6].map((n) => batcher.add(n));
    await tick();
    expect(batches.map((b) => b.items)).toEqual([[1], [2]]);
    batches[0]?.finish();
    await tick();
    expect(batches.map((b) => b.items)).toEqual([[1], [2], [3, 4]]);
    batches[1]?.finish();
    batches[2]?.finish();
    await tick();
    expect(batches.map((b) => b.items)).toEqual([[1], [2], [3, 4], [5, 6]]);
    batches[3]?.finish();
    expect(await Promise.all(answers)).toEqual([1, 2, 3, 4, 5, 6].map((n) => `answer ${n}`));
  });

  it("fails every item of a failed batch, and goes on with the next", async () => {
    const { batches, run } = heldBatches();
    const batcher = new Batcher(run, { maxSize: 10, concurrency: 1 });
    const first = batcher.add(1);
    const second = batcher.add(2);
    await tick();
    batches[0]?.fail(new Error("database gone"));
    await expect(first).rejects.toThrow("database gone");
    await tick();
    batches[1]?.finish();
    expect(await second).toBe("answer 2");
  });

  it("keeps one batcher per key, and a key's batches see only that key", async () => {
    const seen: { key: string; items: number[] }[] = [];
    const batcherOf = batcherPerKey<{ name: string }, number, string>(
      async (key, items) => {
        seen.push({ key: key.name, items });
        return items.map((n) => `${key.name} ${n}`);
      },
      { maxSize: 10, concurrency: 1 },
    );
    const one = { name: "one" };
    const two = { name: "two" };
    expect(batcherOf(one)).toBe(batcherOf(one));
    expect(batcherOf(one)).not.toBe(batcherOf(two));
    const answers = await Promise.all([batcherOf(one).add(1), batcherOf(two).add(2), batcherOf(one).add(3)]);
    expect(answers).toEqual(["one 1", "two 2", "one 3"]);
    expect(seen.every(({ key, items }) => items.every((n) => (key === "one" ? n !== 2 : n === 2)))).toBe(
      true,
    );
  });
});
