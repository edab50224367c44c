/** The shared API error, where the console's pages and api modules import it from. */
export { ApiError, describeError } from "@tickfair/browser/api-error";
