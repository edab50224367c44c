import type { StepUpAction } from "@tickfair/contract";
import { lazy, type ReactNode, Suspense, useCallback, useRef, useState } from "react";
import { ApiError } from "../../api/errors";
import { type PasskeyProof, providedPasskeyProof } from "./passkey-proof";
import { readStepUpMethod, requestStepUp } from "./step-up-api";

const loadSheet = () => import("./StepUpSheet");
// The sheet (its form and styles) comes when a step-up is asked, while the method is read.
const StepUpSheet = lazy(() => loadSheet().then((module) => ({ default: module.StepUpSheet })));

export interface StepUp {
  /**
   * A fresh proof for `action`: the token for the action's `step-up` header, or null when the user
   * cancelled. `payPassword`: the transaction password the form already asked for (changing it asks
   * for the old one), sent as the proof instead of asking again. Failures of the request throw.
   */
  confirm(action: StepUpAction, known?: { payPassword: string }): Promise<string | null>;
  /** Render it in the page: the sheet that asks for the transaction password, when it is open. */
  sheet: ReactNode;
}

/**
 * The step-up before a sensitive action (decision 0067): reads which proof the user gives, collects it
 * (the transaction password in a sheet, or a passkey through `passkeyProof`), posts it and answers the
 * token granted for that one action.
 */
export function useStepUp(options: { passkeyProof?: PasskeyProof } = {}): StepUp {
  const [asking, setAsking] = useState<StepUpAction | null>(null);
  const answer = useRef<((token: string | null) => void) | null>(null);
  const passkeyProof = options.passkeyProof;

  const confirm = useCallback(
    async (action: StepUpAction, known?: { payPassword: string }): Promise<string | null> => {
      if (!known) void loadSheet();
      const { method } = await readStepUpMethod();
      if (method === "passkey") {
        const prove = passkeyProof ?? providedPasskeyProof();
        // Only until the passkeys feature provides its proof: the server's own refusal, translated.
        if (!prove) throw new ApiError("STEP_UP_PASSKEY_REQUIRED", 403);
        return (await requestStepUp({ action, proof: await prove(action) })).token;
      }
      if (known) {
        const proof = { method: "payPassword", payPassword: known.payPassword } as const;
        return (await requestStepUp({ action, proof })).token;
      }
      answer.current?.(null);
      return new Promise<string | null>((resolve) => {
        answer.current = resolve;
        setAsking(action);
      });
    },
    [passkeyProof],
  );

  const done = useCallback((token: string | null) => {
    answer.current?.(token);
    answer.current = null;
    setAsking(null);
  }, []);

  const sheet = asking ? (
    <Suspense fallback={null}>
      <StepUpSheet action={asking} onDone={done} />
    </Suspense>
  ) : null;
  return { confirm, sheet };
}
