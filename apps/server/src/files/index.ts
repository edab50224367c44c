export { filesModule } from "./module";
export { type HolderLive, issuePhotoLinks, type LinkHolder } from "./photo-links";
export { MAX_PHOTO_BYTES, PHOTO_UPLOAD, storePrivatePhoto } from "./photos";
export { type PublicDocument, storePublicDocument } from "./public-documents";
export { PUBLIC_IMAGE_UPLOAD, publicImagesById, storePublicImage } from "./public-images";
export { assertOwnFile, FILE_UPLOAD, MAX_FILE_BYTES, readFile } from "./service";
