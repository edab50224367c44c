/**
 * The app proper, started by main.tsx once the shell is on screen.
 */
import { unstableSetRender } from "antd-mobile";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { App } from "./App";
import { setUnauthorizedHandler } from "./api/client";
import { whenInteractive } from "./boot-later";
import { BootFailure } from "./components/BootFailure/BootFailure";
import { providePasskeyProof } from "./components/StepUp/passkey-proof";
import { currentLocale, initI18n } from "./i18n";
import { removeAppShell } from "./lib/app-shell";
import { registerServiceWorker } from "./lib/service-worker";
import { currentPlace, navigate } from "./router";
import { loginFrom, prepareRoute, redirectFor, routeReady } from "./routes";
import { useSession } from "./store/session";
import { followSignedInCookie } from "./store/signed-in-cookie";

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
setUnauthorizedHandler(() => navigate(loginFrom(currentPlace()), { replace: true }));

// A page behind a session, opened without one, is the login page from the start.
const elsewhere = redirectFor(currentPlace());
if (elsewhere) navigate(elsewhere, { replace: true });
// The first page's code, texts and data start downloading now, while the language is being chosen.
prepareRoute(currentPlace().pathname);

followSignedInCookie();

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("#root missing");

/**
 * A page the build prerendered is taken over as it is when the app would draw the same: the page's
 * language, and no session if it is drawn for a signed-out visitor. Otherwise it is drawn anew.
 */
function takesOverPrerendered(element: HTMLElement): boolean {
  if (element.dataset.prerendered !== currentLocale()) return false;
  return element.dataset.guest === undefined || useSession.getState().token === null;
}

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

initI18n().then(
  async () => {
    if (takesOverPrerendered(rootElement)) {
      // The first render must be the page itself for React to take it over as it is.
      await routeReady(currentPlace().pathname);
      hydrateRoot(rootElement, app);
    } else {
      const root = createRoot(rootElement);
      // As a transition the first render yields to the browser every few milliseconds instead of
      // holding the main thread for the whole first screen: taps and scrolling on the shell still answer.
      startTransition(() => root.render(app));
    }
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
    createRoot(rootElement).render(<BootFailure />);
  },
);
