/**
 * The build's prerendering (scripts/prerender.ts): the first screens drawn by the app's own components,
 * in every language, as HTML the server sends before any script runs. The browser then takes the page
 * over as it is (boot.tsx hydrates it) instead of drawing it again.
 */
import type { Locale } from "@tickfair/contract";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { AppProviders } from "./app-providers";
import { startLanguage } from "./i18n";
import { LANGUAGE_COOKIE } from "./i18n/language-cookie";
import { BASENAME, paths } from "./lib/paths";
import { routes } from "./routes";
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

const handler = createStaticHandler(routes, { basename: BASENAME });

/** The page at `path` (without the base) in `locale`, as the markup of its root element. */
export async function renderPage(path: string, locale: Locale): Promise<string> {
  await startLanguage(locale);
  const context = await handler.query(new Request(`http://prerender${BASENAME}${path}`));
  if (context instanceof Response) throw new Error(`prerender: ${path} answered ${context.status}`);
  if (context.errors) throw new Error(`prerender: ${path} failed: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // No hydration data: these routes load none, and an inline script would need its own CSP hash.
  const markup = renderToString(
    <AppProviders>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  );
  // Taking such a boundary over, the browser reports an error and draws that part again.
  if (markup.includes(CLIENT_RENDERED_BOUNDARY)) {
    throw new Error(`prerender: ${path} suspended; draw that part with HydratedSuspense`);
  }
  return markup;
}
