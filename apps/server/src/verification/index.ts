export { loadIdNumberKeys } from "./id-number-cipher";
export { verificationUpdates } from "./live";
export { verificationQueue, verificationQueueUpdates } from "./queue";
export { type VerificationDeps, verificationStateOf } from "./service";
