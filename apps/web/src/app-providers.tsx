import { QueryClientProvider } from "@tanstack/react-query";
import { ConfigProvider } from "antd-mobile";
import { type ReactNode, useSyncExternalStore } from "react";
import { queryClient } from "./api/query-client";
import { antdLocaleStore } from "./i18n";

/**
 * What every screen is drawn inside, in the browser and in the build's prerendering alike: the two
 * must give the same tree for a prerendered page to be taken over (hydrated) as it is.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const locale = useSyncExternalStore(antdLocaleStore.subscribe, antdLocaleStore.get, antdLocaleStore.get);
  const app = <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return locale ? <ConfigProvider locale={locale}>{app}</ConfigProvider> : app;
}
