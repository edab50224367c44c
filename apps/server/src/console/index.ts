export { consoleModule } from "./module";
