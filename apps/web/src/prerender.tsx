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

export { LANGUAGE_COOKIE };

/**
 * The screens prerendered, by name: those a signed-out visitor lands on that show no data, so the
 * HTML is the screen itself. Home and the lists still come from index.html's shell. Each is drawn at
 * its first address and answers all of them; its route module's stylesheets go into its page.
 */
export const PRERENDERED_PAGES: Record<string, { addresses: readonly string[]; module: string }> = {
  welcome: { addresses: [paths.welcome, "/"], module: "src/pages/welcome/Welcome.tsx" },
  login: { addresses: [paths.login], module: "src/pages/login/Login.tsx" },
};

const handler = createStaticHandler(routes, { basename: BASENAME });

/** The page at `path` (without the base) in `locale`, as the markup of its root element. */
export async function renderPage(path: string, locale: Locale): Promise<string> {
  await startLanguage(locale);
  const context = await handler.query(new Request(`http://prerender${BASENAME}${path}`));
  if (context instanceof Response) throw new Error(`prerender: ${path} answered ${context.status}`);
  if (context.errors) throw new Error(`prerender: ${path} failed: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // No hydration data: these routes load none, and an inline script would need its own CSP hash.
  return renderToString(
    <AppProviders>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  );
}
