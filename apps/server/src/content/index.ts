export { createDocument } from "./documents";
export { acceptedVersionsNow } from "./published";
export { ContentPublisher } from "./publisher";
