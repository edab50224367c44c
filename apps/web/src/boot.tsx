/**
 * The app proper, started by main.tsx once the shell is on screen.
 */
import { unstableSetRender } from "antd-mobile";
import { StrictMode, startTransition } from "react";
import { createRoot, type Root } from "react-dom/client";
import { App } from "./App";
import { setSessionEndedHandler, setUnauthorizedHandler } from "./api/client";
import { whenInteractive } from "./boot-later";
import { BootFailure } from "./components/BootFailure/BootFailure";
import { providePasskeyProof } from "./components/StepUp/passkey-proof";
import { initI18n } from "./i18n";
import { removeAppShell } from "./lib/app-shell";
import { loginPath, stripBasename } from "./lib/paths";
import { registerServiceWorker } from "./lib/service-worker";
import { router } from "./router";

// antd-mobile 5 renders Toast/Dialog/Popup roots itself; with React 19 it must use createRoot.
type Container = (Element | DocumentFragment) & { _reactRoot?: Root };
unstableSetRender((node, container) => {
  const target = container as Container;
  target._reactRoot ||= createRoot(target);
  const root = target._reactRoot;
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    target._reactRoot = undefined;
  };
});

// A passkey user's step-up anywhere in the app; the WebAuthn code loads when one is asked.
providePasskeyProof(async (action) => (await import("./lib/passkeys")).passkeyProof(action));

// A 401 from an authenticated call: the session is over; log in again and come back here.
setUnauthorizedHandler(() => {
  const here = stripBasename(window.location.pathname) + window.location.search;
  void router.navigate(loginPath(here), { replace: true });
});

// The server ended the session on the socket: a page that needs one (loader requireSession) sends
// the visitor to log in and back; a public page stays, now signed out.
setSessionEndedHandler(() => {
  void router.revalidate();
});

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("#root missing");

const root = createRoot(rootElement);
initI18n().then(
  () => {
    // As a transition the first render yields to the browser every few milliseconds instead of
    // holding the main thread for the whole first screen: taps and scrolling on the shell still answer.
    startTransition(() => {
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    });
    void whenInteractive().then(registerServiceWorker);
    // No spring moves before the first screen is interactive: the system's "reduce motion" is read then.
    void whenInteractive()
      .then(() => import("./lib/reduced-motion"))
      .then(({ followReducedMotion }) => followReducedMotion());
  },
  (error: unknown) => {
    // Not even the language file could be loaded (offline): no words to show, only a reload button.
    console.error(error);
    removeAppShell();
    root.render(<BootFailure />);
  },
);
