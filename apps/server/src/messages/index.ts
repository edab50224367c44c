export { messagesModule } from "./module";
export { recordNotice } from "./notices";
