/**
 * The Idempotency-Key of a form that moves money: one key per attempt of the form. Sending the same
 * body again (a retry after a network failure or a timeout) reuses the key, so the server replays the
 * first answer instead of moving the money twice; a changed body is a new attempt with a new key
 * (the server refuses an old key with a different body). After a success the next submission is new.
 */
export interface SubmissionKey {
  /** The key to send with `body`. */
  keyFor(body: unknown): string;
  /** The last submission succeeded: the next one gets a new key whatever its body. */
  reset(): void;
}

export function createSubmissionKey(generate: () => string): SubmissionKey {
  let lastBody: string | null = null;
  let lastKey: string | null = null;
  return {
    keyFor(body) {
      const text = JSON.stringify(body) ?? "";
      if (lastKey === null || text !== lastBody) {
        lastKey = generate();
        lastBody = text;
      }
      return lastKey;
    },
    reset() {
      lastBody = null;
      lastKey = null;
    },
  };
}
