export { chatModule } from "./module";
export { conversationPage, waitingChats } from "./summaries";
