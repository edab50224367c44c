export { DEMO, seedDemo } from "./seed";
