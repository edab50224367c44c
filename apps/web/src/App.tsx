import { AppProviders } from "./app-providers";
import { AppRouter } from "./router";
import { AppRoutes, prepareRoute, redirectFor } from "./routes";

export function App() {
  return (
    <AppProviders>
      <AppRouter prepare={prepareRoute} redirect={redirectFor}>
        <AppRoutes />
      </AppRouter>
    </AppProviders>
  );
}
