import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { setSessionExpiredHandler } from "./api/client";
import { queryClient } from "./api/query-client";
import { initI18n } from "./i18n";
import { signInPath } from "./lib/next-path";
import { stripBasename } from "./lib/paths";
import { router } from "./router";
import "./styles/global.css";

// The server ended the session (idle timeout, signed out everywhere, disabled): sign in again, told
// why, and come back to this page afterwards.
setSessionExpiredHandler(() => {
  queryClient.clear();
  const here = stripBasename(window.location.pathname) + window.location.search;
  void router.navigate(signInPath(here, { expired: true }), { replace: true });
});

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("#root missing");
const root = createRoot(rootElement);

initI18n().then(
  () =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  (error: unknown) => {
    // Not even the language file could be loaded: there are no words to show, only the way to retry.
    console.error(error);
    rootElement.textContent = "Tickfair Console could not start. Reload the page to try again.";
  },
);
