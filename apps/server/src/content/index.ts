export { addDocumentVersion, createDocument } from "./documents";
export { acceptedVersionsNow } from "./published";
export { contentPublisher } from "./publisher";
