export {
  applyControlChange,
  type ControlSubject,
  decideControlChange,
  proposeControlChange,
} from "./control-changes";
export { forRoles, type OperatorSession, requireSignedInOperator, signedInOperator } from "./guard";
export { createOperator, recordAudit } from "./service";
