/**
 * Runs work that arrives one item at a time in batches (group commit): an item that finds a free slot
 * starts a batch at once, alone, so an idle server adds no delay; items that arrive while `concurrency`
 * batches are running wait and go together in the next one, up to `maxSize`. Each item gets its own
 * answer; a batch that fails fails each of its items with that error.
 */
interface Waiting<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

export interface BatcherOptions {
  maxSize: number;
  concurrency: number;
}

export class Batcher<I, O> {
  readonly #run: (items: I[]) => Promise<O[]>;
  readonly #maxSize: number;
  readonly #concurrency: number;
  #waiting: Waiting<I, O>[] = [];
  #running = 0;

  constructor(run: (items: I[]) => Promise<O[]>, options: BatcherOptions) {
    if (options.maxSize < 1 || options.concurrency < 1) throw new Error("a batcher needs room for one item");
    this.#run = run;
    this.#maxSize = options.maxSize;
    this.#concurrency = options.concurrency;
  }

  add(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.#waiting.push({ item, resolve, reject });
      this.#startBatches();
    });
  }

  #startBatches(): void {
    while (this.#running < this.#concurrency && this.#waiting.length > 0) {
      const batch = this.#waiting.splice(0, this.#maxSize);
      this.#running++;
      void this.#runBatch(batch);
    }
  }

  async #runBatch(batch: Waiting<I, O>[]): Promise<void> {
    try {
      const answers = await this.#run(batch.map((entry) => entry.item));
      if (answers.length !== batch.length) throw new Error("a batch must answer every item");
      for (const [index, entry] of batch.entries()) entry.resolve(answers[index] as O);
    } catch (error) {
      for (const entry of batch) entry.reject(error);
    } finally {
      this.#running--;
      this.#startBatches();
    }
  }
}

/**
 * One batcher per key (a database), made on first use: a batch runs on one database, so items of two
 * databases (tests, the benches) never share one.
 */
export function batcherPerKey<K extends object, I, O>(
  run: (key: K, items: I[]) => Promise<O[]>,
  options: BatcherOptions,
): (key: K) => Batcher<I, O> {
  const byKey = new WeakMap<K, Batcher<I, O>>();
  return (key) => {
    let batcher = byKey.get(key);
    if (!batcher) {
      batcher = new Batcher((items) => run(key, items), options);
      byKey.set(key, batcher);
    }
    return batcher;
  };
}
