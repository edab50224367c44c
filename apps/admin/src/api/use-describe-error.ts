import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { describeError } from "./errors";

/** `(error) => message` in the console's language, for any error an API call threw. */
export function useDescribeError(): (error: unknown) => string {
  const { t } = useTranslation();
  return useCallback(
    (error: unknown) =>
      describeError(error, { networkError: t("errors.network"), unknownError: t("errors.unknown") }),
    [t],
  );
}
