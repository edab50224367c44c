import { DotLoading } from "antd-mobile";
import { type ChangeEvent, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { uploadFile } from "../../api/cashier";
import { codeText, errorText } from "../../api/messages";
import { IconClose, IconImage } from "../../components/icons";

/** What the server accepts (docs/api.md, POST /api/v1/files). */
const ACCEPTED_TYPES = ["image/jpeg", "image/png", "image/webp"];
const MAX_BYTES = 5 * 1024 * 1024;

export type ProofState =
  | { status: "none" }
  | { status: "uploading"; file: File; preview: string; percent: number | null }
  | { status: "done"; file: File; preview: string; fileId: string }
  | { status: "failed"; file: File | null; preview: string | null; error: string };

/** Picks an optional proof image, uploads it at once with progress and keeps its file id. */
export function useProofUpload() {
  const [state, setState] = useState<ProofState>({ status: "none" });
  const abort = useRef<AbortController | null>(null);
  // The shown file and its object URL (revoked when replaced or on leaving the page).
  const shown = useRef<{ file: File; preview: string } | null>(null);

  const forget = useCallback(() => {
    abort.current?.abort();
    if (shown.current) URL.revokeObjectURL(shown.current.preview);
    shown.current = null;
  }, []);

  useEffect(() => forget, [forget]);

  const upload = useCallback(
    (file: File) => {
      if (!ACCEPTED_TYPES.includes(file.type) || file.size > MAX_BYTES || file.size === 0) {
        forget();
        const code = file.size > MAX_BYTES ? "FILE_TOO_LARGE" : "FILE_INVALID";
        setState({ status: "failed", file: null, preview: null, error: codeText(code) });
        return;
      }
      abort.current?.abort();
      if (shown.current?.file !== file) {
        forget();
        shown.current = { file, preview: URL.createObjectURL(file) };
      }
      const { preview } = shown.current as { preview: string };
      const controller = new AbortController();
      abort.current = controller;
      setState({ status: "uploading", file, preview, percent: null });
      uploadFile(
        file,
        ({ loaded, total }) => {
          if (controller.signal.aborted) return;
          const percent = total > 0 ? Math.min(99, Math.round((loaded / total) * 100)) : null;
          setState((s) => (s.status === "uploading" && s.file === file ? { ...s, percent } : s));
        },
        controller.signal,
      ).then(
        (answer) => {
          if (!controller.signal.aborted) setState({ status: "done", file, preview, fileId: answer.fileId });
        },
        (error: unknown) => {
          if (!controller.signal.aborted)
            setState({ status: "failed", file, preview, error: errorText(error) });
        },
      );
    },
    [forget],
  );

  const remove = useCallback(() => {
    forget();
    setState({ status: "none" });
  }, [forget]);

  return { state, upload, remove };
}

interface ProofPickerProps {
  state: ProofState;
  onPick: (file: File) => void;
  onRemove: () => void;
  /** A submit-time message (e.g. the server refused the file). */
  error?: string | undefined;
}

export function ProofPicker({ state, onPick, onRemove, error }: ProofPickerProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const message = error ?? (state.status === "failed" ? state.error : undefined);
  const preview = state.status === "none" ? null : state.preview;
  const file = state.status === "none" ? null : state.file;

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.target.files?.[0];
    // Let the same file be picked again after a removal.
    event.target.value = "";
    if (picked) onPick(picked);
  }

  return (
    <div className={`tf-field proof${message ? " tf-field--error" : ""}`}>
      <span className="tf-field__label" id="deposit-proof-label">
        {t("deposit.proof")} <span className="tf-field__optional">{t("deposit.optional")}</span>
      </span>
      <div className="proof__row">
        {preview ? (
          <div className="proof__thumb" data-testid="deposit-proof-thumb" data-status={state.status}>
            <img src={preview} alt={t("deposit.proofAlt")} />
            {state.status === "uploading" ? (
              <span className="proof__progress" data-testid="deposit-proof-progress">
                <DotLoading color="white" />
                {state.percent !== null ? <span className="num">{state.percent}%</span> : null}
              </span>
            ) : null}
            <button
              type="button"
              className="proof__remove"
              aria-label={t("deposit.proofRemove")}
              data-testid="deposit-proof-remove"
              onClick={onRemove}
            >
              <IconClose />
            </button>
          </div>
        ) : null}
        <button
          type="button"
          className="proof__pick"
          aria-describedby="deposit-proof-label"
          onClick={() => input.current?.click()}
        >
          <IconImage />
          <span>{preview ? t("deposit.proofChange") : t("deposit.proofPick")}</span>
        </button>
        <input
          ref={input}
          type="file"
          accept="image/*"
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="deposit-proof-input"
          onChange={onChange}
        />
      </div>
      {message ? (
        <div className="tf-field__error" role="alert" data-testid="deposit-proof-error">
          {message}
          {state.status === "failed" && file ? (
            <button type="button" className="proof__retry" onClick={() => onPick(file)}>
              {t("common.retry")}
            </button>
          ) : null}
        </div>
      ) : (
        <div className="tf-field__hint">
          {state.status === "done" ? t("deposit.proofUploaded") : t("deposit.proofHint")}
        </div>
      )}
    </div>
  );
}
