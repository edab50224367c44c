export { requireSignedInUser, signedInUser, type UserSession } from "./guard";
export { socketAuth } from "./live";
export { checkPayPassword } from "./secrets";
export { createOperatorInviteCode, ensureFixedInviteCode, register, toUserInfo } from "./service";
export { authenticate } from "./sessions";
