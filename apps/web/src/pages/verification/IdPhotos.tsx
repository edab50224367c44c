import type { VerificationPhotoSide } from "@tickfair/contract";
import { DotLoading } from "antd-mobile";
import { type ChangeEvent, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../api/messages";
import { uploadVerificationPhoto } from "../../api/verification";
import { IconCamera } from "../../components/icons";
import { shrinkPhoto } from "../../lib/photo-shrink";

/** What the server takes (POST /api/v1/verification/photos). */
const ACCEPTED_TYPES = ["image/jpeg", "image/png", "image/webp"];
const MAX_BYTES = 10 * 1024 * 1024;

export type PhotoState =
  | { status: "none" }
  /** Being shrunk (no preview yet), then uploaded. */
  | { status: "working"; preview: string | null; percent: number | null }
  | { status: "done"; preview: string; photoId: string }
  /** `file` is kept when sending it again may work (the network, the server); null when it is unreadable. */
  | { status: "failed"; preview: string | null; error: string; file: File | null };

/** One side's photo: shrunk on the phone, uploaded at once with progress, kept as its photo id. */
export function useIdPhoto() {
  const { t } = useTranslation();
  const [state, setState] = useState<PhotoState>({ status: "none" });
  const abort = useRef<AbortController | null>(null);
  // The shown preview's object URL, revoked when replaced or on leaving the page.
  const preview = useRef<string | null>(null);

  const show = useCallback((url: string | null) => {
    if (preview.current) URL.revokeObjectURL(preview.current);
    preview.current = url;
  }, []);

  useEffect(
    () => () => {
      abort.current?.abort();
      show(null);
    },
    [show],
  );

  const upload = useCallback(
    async (file: File) => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      setState((s) => ({
        status: "working",
        preview: s.status === "none" ? null : s.preview,
        percent: null,
      }));
      const photo = await shrinkPhoto(file);
      if (controller.signal.aborted) return;
      if (!ACCEPTED_TYPES.includes(photo.type) || photo.size > MAX_BYTES || photo.size === 0) {
        show(null);
        setState({ status: "failed", preview: null, error: t("verification.photoUnreadable"), file: null });
        return;
      }
      const url = URL.createObjectURL(photo);
      show(url);
      setState({ status: "working", preview: url, percent: null });
      try {
        const answer = await uploadVerificationPhoto(
          photo,
          ({ loaded, total }) => {
            if (controller.signal.aborted) return;
            const percent = total > 0 ? Math.min(99, Math.round((loaded / total) * 100)) : null;
            setState((s) => (s.status === "working" && s.preview === url ? { ...s, percent } : s));
          },
          controller.signal,
        );
        if (!controller.signal.aborted) setState({ status: "done", preview: url, photoId: answer.photoId });
      } catch (error) {
        if (!controller.signal.aborted)
          setState({ status: "failed", preview: url, error: errorText(error), file });
      }
    },
    [show, t],
  );

  return { state, upload };
}

interface IdPhotosProps {
  front: PhotoState;
  back: PhotoState;
  onPick: (side: VerificationPhotoSide, file: File) => void;
  /** "Upload ID photos" when one is missing at submit, or what the server said about them. */
  error?: string | undefined;
}

/** The ID card's front and back side by side, each taken with the camera or chosen from the album. */
export function IdPhotos({ front, back, onPick, error }: IdPhotosProps) {
  const { t } = useTranslation();
  const failed = [front, back].find((s) => s.status === "failed");
  const message = error ?? (failed?.status === "failed" ? failed.error : undefined);
  return (
    <div className={`tf-field${message ? " tf-field--error" : ""}`}>
      <span className="tf-field__label" id="verification-photos-label">
        {t("verification.photos")}
      </span>
      <div className="id-photos">
        <IdPhoto side="front" label={t("verification.front")} state={front} onPick={onPick} />
        <IdPhoto side="back" label={t("verification.back")} state={back} onPick={onPick} />
      </div>
      {message ? (
        <div className="tf-field__error" role="alert" data-testid="verification-photos-error">
          {message}
        </div>
      ) : (
        <div className="tf-field__hint">{t("verification.photosHint")}</div>
      )}
    </div>
  );
}

function IdPhoto({
  side,
  label,
  state,
  onPick,
}: {
  side: VerificationPhotoSide;
  label: string;
  state: PhotoState;
  onPick: (side: VerificationPhotoSide, file: File) => void;
}) {
  const { t } = useTranslation();
  const camera = useRef<HTMLInputElement>(null);
  const album = useRef<HTMLInputElement>(null);
  const preview = state.status === "none" ? null : state.preview;

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.target.files?.[0];
    // Let the same file be picked again after a failure.
    event.target.value = "";
    if (picked) onPick(side, picked);
  }

  const input = (ref: typeof camera, testId: string, capture: boolean) => (
    <input
      ref={ref}
      type="file"
      accept="image/*"
      capture={capture ? "environment" : undefined}
      className="visually-hidden"
      tabIndex={-1}
      aria-hidden="true"
      data-testid={testId}
      onChange={onChange}
    />
  );

  return (
    <div className="id-photo">
      <button
        type="button"
        className="id-photo__tile"
        aria-label={`${label}: ${tileAction(state, t)}`}
        data-testid={`verification-photo-${side}`}
        data-status={state.status}
        onClick={() =>
          state.status === "failed" && state.file ? onPick(side, state.file) : camera.current?.click()
        }
      >
        {preview ? <img src={preview} alt="" /> : null}
        {state.status === "none" || (state.status === "failed" && !preview) ? (
          <>
            <IconCamera />
            {t("verification.takePhoto")}
          </>
        ) : state.status === "working" ? (
          <span className="id-photo__state id-photo__state--busy">
            <DotLoading color="white" />
            {state.percent !== null ? <span className="num">{state.percent}%</span> : null}
          </span>
        ) : state.status === "failed" && state.file ? (
          <span className="id-photo__state">{t("common.retry")}</span>
        ) : (
          <span className="id-photo__state">{t("verification.retake")}</span>
        )}
      </button>
      <div className="id-photo__caption">
        <span>{label}</span>
        <button
          type="button"
          className="id-photo__album"
          data-testid={`verification-photo-${side}-album`}
          onClick={() => album.current?.click()}
        >
          {t("verification.album")}
        </button>
      </div>
      {input(camera, `verification-photo-${side}-camera`, true)}
      {input(album, `verification-photo-${side}-input`, false)}
    </div>
  );
}

/** What tapping a side's tile does. */
function tileAction(
  state: PhotoState,
  t: (key: "verification.takePhoto" | "verification.retake" | "common.retry") => string,
) {
  if (state.status === "failed" && state.file) return t("common.retry");
  return state.status === "none" || !state.preview ? t("verification.takePhoto") : t("verification.retake");
}
