export { addDocumentVersion, createDocument } from "./documents";
export { contentModule } from "./module";
export { createNotice } from "./notices";
export { acceptedVersionsNow } from "./published";
