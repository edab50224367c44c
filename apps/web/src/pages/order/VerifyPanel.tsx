import type { ChainVerification, ContractDetail, ContractReceipt } from "@tickfair/contract";
import type { SavedReceipt } from "@tickfair/verify";
import { Button, Toast } from "antd-mobile";
import type { TFunction } from "i18next";
import { type ChangeEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../api/messages";
import { fetchContractReceipt, verifyTickChain } from "../../api/trading";
import {
  IconAlert,
  IconCheck,
  IconClock,
  IconClose,
  IconDownload,
  IconFile,
  IconShield,
} from "../../components/icons";
import { LoadError } from "../../components/LoadError/LoadError";
import { paths } from "../../lib/paths";
import { saveFile } from "../../lib/save-file";
import { formatDateTimeSeconds } from "../../lib/time";
import type { Check, ContractVerification } from "../../lib/verify-contract";
import { Link } from "../../router";
import "./verify-panel.css";

/** The verifier (SHA-256, the seed chain, the synthetic path): loaded with this panel, not on first load. */
const loadVerifier = () => import("../../lib/verify-contract");

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
  /** The server's recomputation of the same ticks; null for a saved receipt, checked offline. */
  server: { check: ServerCheck; range: SeqRange | null } | null;
  /** The saved file's name and its contract's order number, when the user picked a file. */
  saved: { file: string; orderNo: string | null } | null;
  hadEntry: boolean;
  hadExit: boolean;
  /** When the last seed the receipt waits for is revealed: its prices are checkable from then. */
  revealsAt: string | null;
  ok: boolean;
}

type State =
  | { phase: "idle" }
  | { phase: "running" }
  | { phase: "done"; outcome: Outcome }
  | { phase: "error"; error: unknown };

/** The ticks the contract's result rests on: entry to exit (to the last served tick when void). */
function rangeOf(receipt: ContractReceipt): SeqRange | null {
  const { entry, exit } = receipt.contract;
  if (!entry) return null;
  return { from: entry.seq, to: exit?.seq ?? receipt.ticks.at(-1)?.seq ?? entry.seq };
}

async function askServer(
  symbol: string,
  range: SeqRange | null,
  signal: AbortSignal,
  holds: (result: ChainVerification, from: string, to: string) => { ok: boolean; seq: string | null },
): Promise<ServerCheck> {
  if (!range) return { kind: "skipped" };
  try {
    const result = await verifyTickChain(symbol, range.from, range.to, signal);
    return { kind: "done", result, ...holds(result, range.from, range.to) };
  } catch (error) {
    if (signal.aborted) throw error;
    return { kind: "error", error };
  }
}

/** The receipt's every check on this device, and the server's recomputation of the same ticks. */
async function verifyServed(contract: ContractDetail, signal: AbortSignal): Promise<Outcome> {
  const [verifier, receipt] = await Promise.all([loadVerifier(), fetchContractReceipt(contract.id, signal)]);
  const range = rangeOf(receipt);
  const check = await askServer(contract.symbol, range, signal, verifier.serverCheckHolds);
  const local = verifier.verifyShownContract(contract, receipt);
  const serverOk = check.kind === "skipped" || (check.kind === "done" && check.ok);
  return {
    local,
    server: { check, range },
    saved: null,
    hadEntry: receipt.contract.entry !== null,
    hadExit: receipt.contract.exit !== null,
    revealsAt: verifier.revealsAt(receipt),
    ok: local.ok && serverOk,
  };
}

/** A receipt the user saved earlier, checked on this device alone: no network needed. */
async function verifySaved(file: File): Promise<Outcome> {
  const [verifier, text] = await Promise.all([loadVerifier(), file.text()]);
  const local = verifier.verifySavedReceipt(text);
  const formatOk = local.checks.every((c) => c.name !== "format");
  const receipt = formatOk ? (JSON.parse(text) as SavedReceipt) : null;
  return {
    local,
    server: null,
    saved: { file: file.name, orderNo: receipt?.contract.orderNo ?? null },
    hadEntry: receipt?.contract.entry != null,
    hadExit: receipt?.contract.exit != null,
    revealsAt: verifier.revealsAt(receipt),
    ok: local.ok,
  };
}

const receiptFileName = (contract: ContractDetail) => `tickfair-receipt-${contract.orderNo}.json`;

/**
 * "Verify": recomputes on this device everything the contract's receipt claims — every tick hash and
 * link from the entry to the exit, the result and payout, and for a synthetic product each price from
 * the revealed epoch seed — and asks the server to recompute the same ticks; then says plainly what
 * passed and what did not. The receipt downloads as a file, and a saved one verifies here offline.
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
  const [downloading, setDownloading] = useState(false);
  const running = useRef<AbortController | null>(null);
  const panel = useRef<HTMLElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  useEffect(() => () => running.current?.abort(), []);
  // Fetched now, so that a saved receipt still verifies once the phone goes offline.
  useEffect(() => {
    void loadVerifier().catch(() => undefined);
  }, []);
  // Once per arrival (the abort on unmount above ends it if the user leaves first).
  const arrival = useRef({ runNow, run });
  useEffect(() => {
    if (!arrival.current.runNow) return;
    panel.current?.scrollIntoView({ block: "center" });
    void arrival.current.run();
  }, []);

  async function verifyWith(work: (signal: AbortSignal) => Promise<Outcome>) {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setState({ phase: "running" });
    onFailedTick(null);
    try {
      const outcome = await work(controller.signal);
      if (controller.signal.aborted) return;
      setState({ phase: "done", outcome });
      const blamed = outcome.local.checks.find((c) => !c.ok && c.seq !== null)?.seq ?? null;
      const server = outcome.server?.check;
      // A saved receipt may be of another contract: its ticks are not the ones listed below.
      if (!outcome.saved) onFailedTick(blamed ?? (server?.kind === "done" ? server.seq : null));
    } catch (error) {
      if (!controller.signal.aborted) setState({ phase: "error", error });
    }
  }

  function run() {
    return verifyWith((signal) => verifyServed(contract, signal));
  }

  function pickFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file again is a new choice.
    event.target.value = "";
    if (file) void verifyWith(() => verifySaved(file));
  }

  async function download() {
    if (downloading) return;
    setDownloading(true);
    try {
      const receipt = await fetchContractReceipt(contract.id);
      const blob = new Blob([`${JSON.stringify(receipt, null, 2)}\n`], { type: "application/json" });
      saveFile(blob, receiptFileName(contract));
    } catch (error) {
      Toast.show({ icon: "fail", content: errorText(error) });
    } finally {
      setDownloading(false);
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
      <div className="verify-receipt">
        <button
          type="button"
          className="verify-receipt__action"
          data-testid="verify-download"
          disabled={downloading}
          aria-busy={downloading}
          onClick={() => void download()}
        >
          <IconDownload />
          <span>{t("orders.verify.download")}</span>
        </button>
        <button
          type="button"
          className="verify-receipt__action"
          data-testid="verify-open-saved"
          disabled={state.phase === "running"}
          onClick={() => fileInput.current?.click()}
        >
          <IconFile />
          <span>{t("orders.verify.openSaved")}</span>
        </button>
        <input
          ref={fileInput}
          type="file"
          accept="application/json,.json"
          hidden
          data-testid="verify-file"
          onChange={pickFile}
        />
      </div>
      <p className="contract-note verify-fairness">
        <Link to={paths.fairness} data-testid="verify-fairness">
          {t("orders.verify.fairness")}
        </Link>
      </p>
    </section>
  );
}

/** Passed; nothing wrong but the prices wait for a seed; or something failed. */
function verdictOf(outcome: Outcome): "pass" | "pending" | "fail" {
  if (outcome.ok) return "pass";
  const serverOk = outcome.server === null || outcome.server.check.kind !== "done" || outcome.server.check.ok;
  return outcome.local.pending && serverOk && outcome.server?.check.kind !== "error" ? "pending" : "fail";
}

function VerifyOutcome({ outcome }: { outcome: Outcome }) {
  const { t, i18n } = useTranslation();
  const { local, server, saved } = outcome;
  const verdict = verdictOf(outcome);
  const time = outcome.revealsAt ? formatDateTimeSeconds(outcome.revealsAt, i18n.language) : "";
  return (
    <div
      data-testid="verify-outcome"
      data-ok={outcome.ok}
      data-verdict={verdict}
      data-source={saved ? "saved" : "server"}
    >
      <div className={`verify-banner verify-banner--${verdict}`} role="status">
        {verdict === "pass" ? (
          <IconShield className="verify-banner__icon" />
        ) : verdict === "pending" ? (
          <IconClock className="verify-banner__icon" />
        ) : (
          <IconAlert className="verify-banner__icon" />
        )}
        <span>
          <strong data-testid="verify-verdict">{t(`orders.verify.${verdict}`)}</strong>
          <small>{t(`orders.verify.${verdict}Text`, { time })}</small>
        </span>
      </div>
      {saved ? (
        <p className="verify-saved" data-testid="verify-saved">
          <IconFile />
          <span>
            {saved.orderNo
              ? t("orders.verify.saved", { file: saved.file, orderNo: saved.orderNo })
              : t("orders.verify.savedUnknown", { file: saved.file })}
          </span>
        </p>
      ) : null}
      <ul className="verify-checks">
        {local.checks.map((check) => (
          <CheckLine
            key={check.name}
            ok={check.ok}
            neutral={check.pending}
            testId={`verify-check-${check.name}`}
            text={checkText(check, outcome, t, time)}
            failedAt={check.pending ? null : check.seq}
          />
        ))}
        {server ? <ServerLine server={server} /> : null}
      </ul>
    </div>
  );
}

function ServerLine({ server }: { server: NonNullable<Outcome["server"]> }) {
  const { t } = useTranslation();
  const { check, range } = server;
  if (check.kind === "done" && range)
    return (
      <CheckLine
        ok={check.ok}
        testId="verify-check-server"
        text={
          check.ok
            ? t("orders.verify.server", { from: range.from, to: range.to, n: check.result.checked })
            : t("orders.verify.serverBroken", { seq: check.seq ?? range.to })
        }
      />
    );
  if (check.kind === "error")
    return (
      <CheckLine
        ok={false}
        testId="verify-check-server"
        text={`${t("orders.verify.serverError")} ${errorText(check.error)}`}
      />
    );
  return <CheckLine ok neutral testId="verify-check-server" text={t("orders.verify.serverSkipped")} />;
}

/** What a check established, in words; entry and exit say so when the contract had none. */
function checkText(check: Check, outcome: Outcome, t: TFunction, time: string): string {
  if (check.pending && check.name === "seeds") return t("orders.verify.check.seedsPending", { time });
  if (check.pending) return t("orders.verify.check.pricesPending", { time });
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
  /** Neither passed nor failed: a note on what could not be checked here, or not yet. */
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
