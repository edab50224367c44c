import { describe, expect, it } from "vitest";
import { recoveryCodesFile } from "./recovery-codes";

describe("the recovery codes' file", () => {
  it("names whose codes they are and when they were made, one code a line", () => {
    const file = recoveryCodesFile("alice", ["ab12-cd34", "ef56-gh78"], new Date("2026-03-04T05:06:07Z"));
    expect(file.fileName).toBe("tickfair-console-recovery-codes-alice-2026-03-04.txt");
    const lines = file.text.split("\n");
    expect(lines[0]).toContain("alice");
    expect(lines).toContain("ab12-cd34");
    expect(lines).toContain("ef56-gh78");
    expect(file.text).toContain("2026-03-04T05:06:07.000Z");
  });
});
