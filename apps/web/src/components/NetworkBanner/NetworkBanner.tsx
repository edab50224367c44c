import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { NetworkStatus } from "../../api/network-state";
import { useNetworkStatus } from "../../api/use-network-status";
import "./network-banner.css";

/** A socket that comes back within this long was a blip, not worth a banner. */
const RECONNECTING_GRACE_MS = 3_000;

/** What the banner shows: offline at once, reconnecting only once it has lasted the grace period. */
function useShownStatus(status: NetworkStatus): NetworkStatus {
  const [shown, setShown] = useState<NetworkStatus>(status === "reconnecting" ? "online" : status);
  useEffect(() => {
    if (status !== "reconnecting") {
      setShown(status);
      return;
    }
    const timer = setTimeout(() => setShown("reconnecting"), RECONNECTING_GRACE_MS);
    return () => clearTimeout(timer);
  }, [status]);
  return shown;
}

/** Says, above every page, that prices and balances may be out of date and money actions wait. */
export function NetworkBanner() {
  const { t } = useTranslation();
  const shown = useShownStatus(useNetworkStatus());
  return (
    <div className="network-banner-slot" role="status" aria-live="polite">
      {shown === "online" ? null : (
        <div
          className={`network-banner network-banner--${shown}`}
          data-testid="network-banner"
          data-status={shown}
        >
          <span className="network-banner__dot" aria-hidden="true" />
          {t(shown === "offline" ? "network.offline" : "network.reconnecting")}
        </div>
      )}
    </div>
  );
}
