import { describe, expect, it } from "vitest";
import { createSubmissionKey } from "./submission-key";

function counter() {
  let n = 0;
  return () => {
    n += 1;
    return `key-${n}`;
  };
}

describe("createSubmissionKey", () => {
  it("reuses the key when the same submission is retried", () => {
    const keys = createSubmissionKey(counter());
    const first = keys.keyFor({ amount: "10.00" });
    expect(keys.keyFor({ amount: "10.00" })).toBe(first);
  });

  it("takes a new key when the form changed", () => {
    const keys = createSubmissionKey(counter());
    const first = keys.keyFor({ amount: "10.00" });
    const second = keys.keyFor({ amount: "12.00" });
    expect(second).not.toBe(first);
    // Going back to the first values is a new attempt too.
    expect(keys.keyFor({ amount: "10.00" })).not.toBe(first);
  });

  it("starts afresh after a success", () => {
    const keys = createSubmissionKey(counter());
    const first = keys.keyFor({ amount: "10.00" });
    keys.reset();
    expect(keys.keyFor({ amount: "10.00" })).not.toBe(first);
  });
});
