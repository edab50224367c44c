/**
 * The build's prerendering (scripts/prerender.ts): the first screens drawn by the app's own components,
 * in every language, as HTML the server sends before any script runs. The browser then takes the page
 * over as it is (boot.tsx hydrates it) instead of drawing it again.
 */
import type { Locale } from "@tickfair/contract";
import { renderToString } from "react-dom/server";
import { AppProviders } from "./app-providers";
import { startLanguage } from "./i18n";
import { LANGUAGE_COOKIE } from "./i18n/language-cookie";
import { paths } from "./lib/paths";
import { AppRouter } from "./router";
import { AppRoutes, routeReady } from "./routes";
import { SIGNED_IN_COOKIE } from "./store/signed-in-cookie";

export { LANGUAGE_COOKIE, SIGNED_IN_COOKIE };

const TAB_LAYOUT = "src/components/TabLayout/TabLayout.tsx";

interface PrerenderedPage {
  /** Drawn at the first, sent for all. */
  addresses: readonly string[];
  /** The route's modules, its layout's first: their stylesheets go into the page. */
  modules: readonly string[];
  /** Drawn for a signed-out visitor and differing for a signed-in one, who is sent index.html. */
  guest: boolean;
  /**
   * Sent by the server. A page drawn but not sent stays drawable (the build fails if it is not), for
   * the day taking it over costs the phone less than drawing it anew (decision 0089).
   */
  served: boolean;
}

/**
 * The screens prerendered, by name: the first screens a visitor lands on. Their data (prices,
 * banners) is not in them: each part that shows data is drawn as it is while that data loads
 * (Hydrated.tsx), and fills in once the browser has it. Home and the products are not sent: on a
 * phone, hydrating them measured slower than drawing them from the shell.
 */
export const PRERENDERED_PAGES: Record<string, PrerenderedPage> = {
  welcome: {
    addresses: [paths.welcome, "/"],
    modules: ["src/pages/welcome/Welcome.tsx"],
    guest: true,
    served: true,
  },
  login: { addresses: [paths.login], modules: ["src/pages/login/Login.tsx"], guest: false, served: true },
  home: {
    addresses: [paths.home],
    modules: [TAB_LAYOUT, "src/pages/index/Home.tsx"],
    guest: true,
    served: false,
  },
  products: {
    addresses: [paths.product],
    modules: [TAB_LAYOUT, "src/pages/product/Product.tsx"],
    guest: false,
    served: false,
  },
};

/** React's mark of a Suspense boundary it could not finish and leaves to the browser to draw. */
const CLIENT_RENDERED_BOUNDARY = "<!--$!-->";

/** The page at `path` (without the base) in `locale`, as the markup of its root element. */
export async function renderPage(path: string, locale: Locale): Promise<string> {
  await startLanguage(locale);
  // Drawn in one pass, as the browser takes it over: the page's code and texts first.
  await routeReady(path);
  const markup = renderToString(
    <AppProviders>
      <AppRouter at={{ pathname: path, search: "", idx: 0, key: "prerendered" }}>
        <AppRoutes />
      </AppRouter>
    </AppProviders>,
  );
  // Taking such a boundary over, the browser reports an error and draws that part again.
  if (markup.includes(CLIENT_RENDERED_BOUNDARY)) {
    throw new Error(`prerender: ${path} suspended; draw that part with HydratedSuspense`);
  }
  return markup;
}
