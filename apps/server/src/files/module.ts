import type { BlobStore } from "../platform/blob-store";
import type { CapabilityModule, Wiring } from "../platform/capability";
import { type HolderLive, photoTicketRetention } from "./photo-links";
import { filesRoutes, photoLinkRoutes, publicDocumentRoutes, publicImageRoutes } from "./routes";

/**
 * Every private image (deposit proofs, ID photos, photos sent in chat), every public document
 * (reserves attestations) and every public image (banners, pop-ups). Whether a photo link's session still lives is auth's and operators' rule,
 * handed in by the wiring.
 */
export function filesModule(
  wiring: Wiring,
  deps: { blobs: BlobStore; holderLive: HolderLive },
): CapabilityModule {
  return {
    name: "files",
    publicRoutes: [photoLinkRoutes(wiring, deps), publicDocumentRoutes(wiring), publicImageRoutes(wiring)],
    userRoutes: [filesRoutes(wiring)],
    retention: [photoTicketRetention],
  };
}
