export { requireUser } from "./guard";
export { checkPayPassword } from "./secrets";
export { authenticate, register, unusedInviteCode } from "./service";
