export { userSignIn } from "./guard";
export { socketAuth } from "./live";
export { authModule } from "./module";
export {
  listUserSessions,
  lockSignIn,
  requireUser,
  revokeUserSession,
  unlockSignIn,
  userSignInView,
} from "./operator-users";
export { checkLoginPassword, checkPayPassword } from "./secrets";
export {
  createOperatorInviteCode,
  ensureFixedInviteCode,
  refuseRestrictedCountries,
  register,
  toUserInfo,
  userIdByAccount,
} from "./service";
export { endUserSessions, isSessionLive, sessionStartedAt } from "./sessions";
export { consumeStepUp, requireStepUp } from "./step-up";
export { disableTotp } from "./totp";
export {
  everyUser,
  matchingUserIds,
  type SearchTerms,
  searchTerms,
  searchUsers,
} from "./user-search";
export { markUserVerified } from "./verified";
