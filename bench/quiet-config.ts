import { type Config, loadConfig } from "../apps/server/src/platform/config";

/**
 * The configuration of an app a bench measures through its routes: logs at error level only, the
 * per-IP rate limit raised (every bench client comes from 127.0.0.1), and the background work off, so
 * that only what the bench times runs. `env` adds or overrides settings.
 */
export function quietConfig(databaseUrl: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: "error",
    RATE_LIMIT_PER_MINUTE: "100000000",
    FEED_ENABLED: "false",
    TRADING_WORKER_ENABLED: "false",
    SAVINGS_WORKER_ENABLED: "false",
    SOLVENCY_WORKER_ENABLED: "false",
    RISK_FIGURE_WORKER_ENABLED: "false",
    ...env,
  });
}
