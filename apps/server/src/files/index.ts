export { assertOwnFile, readFile, sniffImageType } from "./service";
