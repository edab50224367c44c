export { filesModule } from "./module";
export { type HolderLive, issuePhotoLinks, type LinkHolder } from "./photo-links";
export { MAX_PHOTO_BYTES, PHOTO_UPLOAD, storePrivatePhoto } from "./photos";
export { assertOwnFile, readFile } from "./service";
