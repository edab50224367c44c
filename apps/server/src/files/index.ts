export { assertOwnFile, readFile } from "./service";
