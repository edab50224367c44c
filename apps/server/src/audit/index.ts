export { controlChangeDecisionRoutes } from "./control-change-routes";
export {
  applyControlChange,
  type ControlSubject,
  decideControlChange,
  proposeControlChange,
} from "./control-changes";
export { auditModule } from "./module";
export { recordAudit, recordListExport } from "./record";
