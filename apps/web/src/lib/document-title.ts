import { useEffect } from "react";

const APP_NAME = "Tickfair";

/**
 * The browser tab's and the task switcher's name for the page shown: "<page> · Tickfair" in the reader's
 * language, back to "Tickfair" when the page goes.
 */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
    return () => {
      document.title = APP_NAME;
    };
  }, [title]);
}
