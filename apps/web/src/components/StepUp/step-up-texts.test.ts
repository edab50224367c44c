import { passwordStepUp, STEP_UP_KINDS, withdrawalStepUp } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import en from "../../i18n/locales/stepUp/en.json";
import { stepUpPurpose } from "./step-up-texts";

describe("what the step-up sheet says it is for", () => {
  it("names every kind of action with a text of its own", () => {
    const purposes = STEP_UP_KINDS.map((kind) => stepUpPurpose({ kind, data: {} }));
    for (const purpose of purposes) expect(en.stepUp.for[purpose], purpose).toBeTruthy();
  });

  it("tells the two password changes apart, and the amount of a withdrawal", () => {
    expect(stepUpPurpose(passwordStepUp("pay"))).toBe("changePayPassword");
    expect(stepUpPurpose(passwordStepUp("login"))).toBe("changeLoginPassword");
    expect(en.stepUp.for[stepUpPurpose(withdrawalStepUp({ amount: "10.00" }))]).toContain("{{amount}}");
  });
});
