export {
  applyControlChange,
  type ControlSubject,
  decideControlChange,
  proposeControlChange,
} from "./control-changes";
export { requireOperator } from "./guard";
export { createOperator, recordAudit } from "./service";
