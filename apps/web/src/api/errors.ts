/** The shared API error, where the app's pages and api modules import it from. */
export {
  ApiError,
  apiErrorFromResponse,
  describeError,
  describeFields,
  type ErrorTexts,
  NETWORK_ERROR,
  TIMEOUT,
} from "@tickfair/browser/api-error";
