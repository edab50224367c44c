import { WarningOutlined } from "@ant-design/icons";
import { isChunkLoadError } from "@tickfair/browser/chunk-error";
import { Button, Flex, theme } from "antd";
import { useTranslation } from "react-i18next";
import { useRouteError } from "react-router";
import { BASENAME } from "../../lib/paths";

/**
 * Route errorElement: a page that failed to download (offline, a new version deployed) or to render.
 * Plain markup rather than antd's Result, whose illustrations would weigh on every first load.
 */
export function RouteError() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  if (!chunk) console.error(error);
  return (
    <Flex vertical align="center" justify="center" gap={12} style={{ minHeight: "100vh", padding: 24 }}>
      <WarningOutlined style={{ fontSize: 56, color: token.colorWarning }} />
      <h1 style={{ margin: 0, fontSize: 22, color: token.colorText }}>
        {chunk ? t("routeError.chunkTitle") : t("routeError.title")}
      </h1>
      <p style={{ margin: 0, color: token.colorTextSecondary }}>
        {chunk ? t("routeError.chunkText") : t("routeError.text")}
      </p>
      <Flex gap={8} style={{ marginTop: 12 }}>
        {/* A full reload on purpose: after a failed chunk the app's state may be half-loaded. */}
        <Button type="primary" onClick={() => window.location.reload()}>
          {t("routeError.retry")}
        </Button>
        <Button href={`${BASENAME}/`}>{t("routeError.home")}</Button>
      </Flex>
    </Flex>
  );
}
