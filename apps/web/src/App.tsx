import { QueryClientProvider } from "@tanstack/react-query";
import { ConfigProvider } from "antd-mobile";
import { useSyncExternalStore } from "react";
import { RouterProvider } from "react-router/dom";
import { queryClient } from "./api/query-client";
import { antdLocaleStore } from "./i18n";
import { router } from "./router";

export function App() {
  const locale = useSyncExternalStore(antdLocaleStore.subscribe, antdLocaleStore.get);
  const app = (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
  return locale ? <ConfigProvider locale={locale}>{app}</ConfigProvider> : app;
}
