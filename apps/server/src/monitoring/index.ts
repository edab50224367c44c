export { monitoringModule } from "./module";
