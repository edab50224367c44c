import { lazy, type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAppInfo } from "../../api/app";
import { firstScreenCommitted, later, whenInteractive } from "../../boot-later";
import { loadTextGroups } from "../../i18n";
import { useAppShellRemoved } from "../../lib/app-shell";
import { useNavigationPending } from "../../router";
import { useSession } from "../../store/session";
import { HydratedSuspense } from "../Hydrated/Hydrated";
import { NetworkBanner } from "../NetworkBanner/NetworkBanner";
import { UpdatePrompt } from "../UpdatePrompt/UpdatePrompt";
import "./root.css";

/** Shown only when a page takes longer than the specification's 200 ms to arrive. */
function useDelayed(active: boolean, delayMs: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [active, delayMs]);
  return shown;
}

/**
 * While a session exists, the app's socket also carries the user's own events (their code is downloaded
 * only then, once the first screen is interactive): the personal center's figures, the positions and
 * the cashier lists follow every movement of money.
 */
function useRealtime(): void {
  const token = useSession((s) => s.token);
  useEffect(() => {
    if (!token) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    whenInteractive()
      .then(() => import("../../api/realtime"))
      .then(
        (realtime) => {
          if (!cancelled) stop = realtime.connectRealtime(token);
        },
        () => {
          // Chunk unavailable (offline): pages still work, figures refresh on their next fetch.
        },
      );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [token]);
}

/**
 * The session reminder, downloaded with its texts only once signed in and the first screen is
 * interactive. Unavailable (offline, an old version's chunk gone), the app goes on without it until
 * the next load.
 */
const RealityCheck = lazy(
  later(() =>
    Promise.all([import("../RealityCheck/RealityCheck"), loadTextGroups(["limits"])]).then(
      ([module]) => module,
      () => ({ default: () => null }),
    ),
  ),
);

/** A contract's result while the user is elsewhere in the app, with its texts, once signed in. */
const SettlementNotice = lazy(
  later(() =>
    Promise.all([
      import("../SettlementNotice/SettlementNotice"),
      loadTextGroups(["trading", "practice"]),
    ]).then(
      ([module]) => module,
      () => ({ default: () => null }),
    ),
  ),
);

/**
 * Root layout: the page, a progress bar while the next page's chunk loads, the offline banner, the
 * new-version prompt, a contract's result.
 */
export function Root({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  useAppInfo();
  useRealtime();
  useAppShellRemoved();
  useEffect(firstScreenCommitted, []);
  const signedIn = useSession((s) => s.token !== null);
  const loading = useDelayed(useNavigationPending(), 200);
  return (
    <>
      {loading ? (
        <div className="route-progress" role="progressbar" aria-label={t("common.loading")} />
      ) : null}
      <NetworkBanner />
      {children}
      <UpdatePrompt />
      {/* Not drawn by the build: a prerendered page is taken over as it is, signed in or not. */}
      <HydratedSuspense fallback={null}>
        {signedIn ? (
          <>
            <RealityCheck />
            <SettlementNotice />
          </>
        ) : null}
      </HydratedSuspense>
    </>
  );
}
