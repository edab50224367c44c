export { controlChangeDecisionRoutes } from "./control-change-routes";
export {
  applyControlChange,
  type ControlSubject,
  decideControlChange,
  listControlChanges,
  proposeControlChange,
} from "./control-changes";
export { latestAuditOf } from "./latest";
export { type ListExport, listExportRoute } from "./list-export-route";
export { auditModule } from "./module";
export { recordAudit } from "./record";
