export { loadIdNumberKeys } from "./id-number-cipher";
export { verificationUpdates } from "./live";
export type { VerificationDeps } from "./service";
