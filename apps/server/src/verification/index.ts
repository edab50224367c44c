export { loadIdNumberKeys } from "./id-number-cipher";
export { verificationUpdates } from "./live";
export { issuePhotoLinks, type LinkHolder } from "./photo-links";
export { MAX_PHOTO_BYTES, PHOTO_UPLOAD, storeVerificationPhoto as storePrivatePhoto } from "./photos";
export { verificationQueue, verificationQueueUpdates } from "./queue";
export { type VerificationDeps, verificationStateOf } from "./service";
