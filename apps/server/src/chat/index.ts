export { waitingChats } from "./summaries";
