import type { BlobStore } from "../platform/blob-store";
import type { CapabilityModule, Wiring } from "../platform/capability";
import { loadIdNumberKeys } from "./id-number-cipher";
import { verificationUpdates } from "./live";
import { verificationOperatorRoutes } from "./operator-routes";
import { verificationQueueUpdates } from "./queue";
import { verificationRoutes } from "./routes";
import type { VerificationDeps } from "./service";

/** Real-name verification: the user's submission with photos, and the operators' review. */
export function verificationModule(wiring: Wiring, deps: { blobs: BlobStore }): CapabilityModule {
  const { config } = wiring;
  const verification: VerificationDeps = {
    db: wiring.db,
    clock: wiring.clock,
    blobs: deps.blobs,
    keys: loadIdNumberKeys(config),
    restrictedCountries: config.RESTRICTED_COUNTRIES,
  };
  wiring.realtime.addUserEvent("verification.updated", verificationUpdates(verification));
  wiring.realtime.addOperatorEvent("verificationQueue.changed", verificationQueueUpdates);
  return {
    name: "verification",
    userRoutes: [verificationRoutes(wiring, verification)],
    operatorRoutes: [verificationOperatorRoutes(wiring, verification)],
  };
}
