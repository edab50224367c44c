export { addDocumentVersion, createDocument } from "./documents";
export { contentModule } from "./module";
export { acceptedVersionsNow } from "./published";
