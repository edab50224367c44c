/** What the form held when a submit's error arrived: the error speaks of those values. */
export interface ErrorSnapshot {
  error: unknown;
  values: string;
}

/**
 * The error to show under a form: the submit's error while the form still holds the values it was
 * refused for, none once the user has changed them (the next submit answers anew). `values` is the
 * form's values serialized; `snapshot` what they were when `error` arrived.
 */
export function shownSubmitError(error: unknown, snapshot: ErrorSnapshot | null, values: string): unknown {
  if (!error) return null;
  if (snapshot?.error !== error) return error;
  return snapshot.values === values ? error : null;
}
