import type { ChainVerification, ContractDetail } from "@tickfair/contract";
import { Button } from "antd-mobile";
import type { TFunction } from "i18next";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../api/messages";
import { contractTicks, verifyTickChain } from "../../api/trading";
import { IconAlert, IconCheck, IconClose, IconShield } from "../../components/icons";
import { LoadError } from "../../components/LoadError/LoadError";
import {
  browserCanHash,
  type Check,
  type ContractVerification,
  serverCheckHolds,
  sha256Hex,
  verifyContract,
} from "../../lib/verify-contract";
import "./verify-panel.css";

interface SeqRange {
  from: string;
  to: string;
}

type ServerCheck =
  | { kind: "done"; result: ChainVerification; ok: boolean; seq: string | null }
  | { kind: "error"; error: unknown }
  /** No entry tick: there is no range of ticks to ask about. */
  | { kind: "skipped" };

interface Outcome {
  local: ContractVerification;
  /** False where the browser offers no SHA-256 (plain HTTP): the hashes are then the server's word. */
  hashedHere: boolean;
  range: SeqRange | null;
  server: ServerCheck;
  hadEntry: boolean;
  hadExit: boolean;
  ok: boolean;
}

type State =
  | { phase: "idle" }
  | { phase: "running" }
  | { phase: "done"; outcome: Outcome }
  | { phase: "error"; error: unknown };

/** The ticks the contract's result rests on: entry to exit (to the last served tick when void). */
function rangeOf(contract: ContractDetail): SeqRange | null {
  if (!contract.entry) return null;
  const to = contract.exit?.seq ?? contract.ticks.at(-1)?.seq ?? contract.entry.seq;
  return { from: contract.entry.seq, to };
}

async function askServer(
  contract: ContractDetail,
  range: SeqRange | null,
  signal: AbortSignal,
): Promise<ServerCheck> {
  if (!range) return { kind: "skipped" };
  try {
    const result = await verifyTickChain(contract.symbol, range.from, range.to, signal);
    return { kind: "done", result, ...serverCheckHolds(result, range.from, range.to) };
  } catch (error) {
    if (signal.aborted) throw error;
    return { kind: "error", error };
  }
}

/** Both checks at once: this device's recomputation and the server's. */
async function verify(contract: ContractDetail, signal: AbortSignal): Promise<Outcome> {
  const range = rangeOf(contract);
  const hashedHere = browserCanHash();
  const [ticks, server] = await Promise.all([
    contractTicks(contract, signal),
    askServer(contract, range, signal),
  ]);
  const local = await verifyContract({ ...contract, ticks }, hashedHere ? sha256Hex : null);
  const serverOk = server.kind === "skipped" || (server.kind === "done" && server.ok);
  return {
    local,
    hashedHere,
    range,
    server,
    hadEntry: contract.entry !== null,
    hadExit: contract.exit !== null,
    ok: local.ok && serverOk,
  };
}

/**
 * "Verify": recomputes every tick hash of the contract on this device (Web Crypto), checks the chain
 * links from the entry to the exit and that the result and payout follow from them, and asks the
 * server to recompute the same range; then says plainly what passed and what did not.
 */
export function VerifyPanel({
  contract,
  onFailedTick,
  runNow = false,
}: {
  contract: ContractDetail;
  onFailedTick: (seq: string | null) => void;
  /** Run once on arrival and bring the panel into view (the user tapped "Verify" elsewhere). */
  runNow?: boolean;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ phase: "idle" });
  const running = useRef<AbortController | null>(null);
  const panel = useRef<HTMLElement>(null);
  useEffect(() => () => running.current?.abort(), []);
  // Once per arrival (the abort on unmount above ends it if the user leaves first).
  const arrival = useRef({ runNow, run });
  useEffect(() => {
    if (!arrival.current.runNow) return;
    panel.current?.scrollIntoView({ block: "center" });
    void arrival.current.run();
  }, []);

  async function run() {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setState({ phase: "running" });
    onFailedTick(null);
    try {
      const outcome = await verify(contract, controller.signal);
      if (controller.signal.aborted) return;
      setState({ phase: "done", outcome });
      const blamed = outcome.local.checks.find((c) => !c.ok && c.seq !== null)?.seq ?? null;
      onFailedTick(blamed ?? (outcome.server.kind === "done" ? outcome.server.seq : null));
    } catch (error) {
      if (!controller.signal.aborted) setState({ phase: "error", error });
    }
  }

  return (
    <section ref={panel} className="card contract-section verify" data-testid="verify">
      <h2 className="contract-section__title">{t("orders.verify.title")}</h2>
      {state.phase === "done" ? (
        <VerifyOutcome outcome={state.outcome} />
      ) : state.phase === "error" ? (
        <LoadError error={state.error} onRetry={() => void run()} title={t("orders.verify.couldNotRun")} />
      ) : (
        <p className="contract-note">{t("orders.verify.hint")}</p>
      )}
      <Button
        block
        color="primary"
        fill={state.phase === "done" ? "outline" : "solid"}
        loading={state.phase === "running"}
        loadingText={t("orders.verify.running")}
        disabled={state.phase === "running"}
        data-testid="verify-run"
        onClick={() => void run()}
      >
        {state.phase === "done" ? t("orders.verify.again") : t("orders.verify.action")}
      </Button>
    </section>
  );
}

function VerifyOutcome({ outcome }: { outcome: Outcome }) {
  const { t } = useTranslation();
  const { local, server, range } = outcome;
  return (
    <div data-testid="verify-outcome" data-ok={outcome.ok}>
      <div className={`verify-banner verify-banner--${outcome.ok ? "pass" : "fail"}`} role="status">
        {outcome.ok ? (
          <IconShield className="verify-banner__icon" />
        ) : (
          <IconAlert className="verify-banner__icon" />
        )}
        <span>
          <strong data-testid="verify-verdict">
            {outcome.ok ? t("orders.verify.pass") : t("orders.verify.fail")}
          </strong>
          <small>{outcome.ok ? t("orders.verify.passText") : t("orders.verify.failText")}</small>
        </span>
      </div>
      <ul className="verify-checks">
        {outcome.hashedHere ? null : <CheckLine ok={false} neutral text={t("orders.verify.noBrowserHash")} />}
        {local.checks.map((check) => (
          <CheckLine
            key={check.name}
            ok={check.ok}
            testId={`verify-check-${check.name}`}
            text={checkText(check, outcome, t)}
            failedAt={check.seq}
          />
        ))}
        {server.kind === "done" && range ? (
          <CheckLine
            ok={server.ok}
            testId="verify-check-server"
            text={
              server.ok
                ? t("orders.verify.server", { from: range.from, to: range.to, n: server.result.checked })
                : t("orders.verify.serverBroken", { seq: server.seq ?? range.to })
            }
          />
        ) : server.kind === "error" ? (
          <CheckLine
            ok={false}
            testId="verify-check-server"
            text={`${t("orders.verify.serverError")} ${errorText(server.error)}`}
          />
        ) : (
          <CheckLine ok neutral testId="verify-check-server" text={t("orders.verify.serverSkipped")} />
        )}
      </ul>
    </div>
  );
}

/** What a check established, in words; entry and exit say so when the contract had none. */
function checkText(check: Check, outcome: Outcome, t: TFunction): string {
  if (check.name === "hashes") return t("orders.verify.check.hashes", { n: outcome.local.ticks });
  if (check.name === "entry" && !outcome.hadEntry) return t("orders.verify.check.entryNone");
  if (check.name === "exit" && !outcome.hadExit) return t("orders.verify.check.exitNone");
  return t(`orders.verify.check.${check.name}`);
}

function CheckLine({
  ok,
  text,
  failedAt,
  testId,
  neutral = false,
}: {
  ok: boolean;
  text: string;
  failedAt?: string | null;
  testId?: string;
  /** Neither passed nor failed: a note on what could not be checked here. */
  neutral?: boolean;
}) {
  const { t } = useTranslation();
  const tone = neutral ? "note" : ok ? "ok" : "bad";
  return (
    <li className={`verify-check verify-check--${tone}`} data-testid={testId} data-ok={ok}>
      <span className="verify-check__icon">
        {neutral ? <IconAlert /> : ok ? <IconCheck /> : <IconClose />}
      </span>
      <span>
        {text}
        {failedAt ? <small>{t("orders.verify.failedAt", { seq: failedAt })}</small> : null}
      </span>
    </li>
  );
}
