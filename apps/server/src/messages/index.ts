// What other capabilities use: writing a notice. Broadcasts (which audit through operators) are wired
// by app.ts directly, so auth and operators can use this without a circle.
export { recordNotice } from "./notices";
