import { QueryClientProvider } from "@tanstack/react-query";
import { reducedMotion as systemMotion } from "@tickfair/browser/media-query";
import { App as AntApp, ConfigProvider, theme } from "antd";
import { useEffect, useSyncExternalStore } from "react";
import { RouterProvider } from "react-router/dom";
import { queryClient } from "./api/query-client";
import { antdLocaleStore } from "./i18n";
import { router } from "./router";
import { useIsDark } from "./store/theme";

/** The console's brand colour, the H5 app's; lighter on dark, where the deep blue would not read. */
const BRAND = { light: "#1748c9", dark: "#4d7cfe" };

export function App() {
  const locale = useSyncExternalStore(antdLocaleStore.subscribe, antdLocaleStore.get);
  const dark = useIsDark();
  // antd's own motion (dialogs zooming, badges pulsing) follows the system's "reduce motion" too.
  const reducedMotion = useSyncExternalStore(systemMotion.subscribe, systemMotion.matches);
  useEffect(() => {
    // Scrollbars and form controls the browser draws follow the console's theme, not the system's.
    document.documentElement.style.colorScheme = dark ? "dark" : "light";
  }, [dark]);
  return (
    <ConfigProvider
      locale={locale ?? undefined}
      theme={{
        algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
        token: { colorPrimary: dark ? BRAND.dark : BRAND.light, motion: !reducedMotion },
      }}
      // Buttons read as their words are written: no space put between two Chinese characters.
      button={{ autoInsertSpace: false }}
    >
      {/* AntApp gives message and modal through App.useApp(), themed and translated like the rest. */}
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
