export { solvencyModule } from "./module";
export { snapshotClosedDay } from "./worker";
