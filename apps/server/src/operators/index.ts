export {
  applyControlChange,
  type ControlSubject,
  decideControlChange,
  proposeControlChange,
} from "./control-changes";
export { type OperatorSession, requireSignedInOperator, signedInOperator } from "./guard";
export { operatorSocketAuth } from "./live";
export { operatorMay } from "./permissions";
export { createOperator, enrolWithKnownSecret, recordAudit, recordListExport } from "./service";
export { isOperatorSessionLive } from "./sessions";
export { totpUri } from "./totp";
