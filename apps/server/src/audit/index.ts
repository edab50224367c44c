export {
  applyControlChange,
  type ControlSubject,
  decideControlChange,
  proposeControlChange,
} from "./control-changes";
export { auditModule } from "./module";
export { type AuditInput, recordAudit, recordListExport } from "./record";
