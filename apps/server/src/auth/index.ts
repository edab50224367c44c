export { requireSignedInUser, signedInUser, type UserSession } from "./guard";
export { socketAuth } from "./live";
export { checkPayPassword } from "./secrets";
export {
  authenticate,
  createOperatorInviteCode,
  ensureFixedInviteCode,
  register,
  toUserInfo,
} from "./service";
