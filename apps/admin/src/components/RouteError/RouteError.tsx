import { WarningOutlined } from "@ant-design/icons";
import { isChunkLoadError } from "@tickfair/browser/chunk-error";
import { Button, Flex, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useRouteError } from "react-router";
import { BASENAME } from "../../lib/paths";

/**
 * Route errorElement: a page that failed to download (offline, a new version deployed) or to render.
 * Plain markup rather than antd's Result, whose illustrations would weigh on every first load.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  if (!chunk) console.error(error);
  return (
    <Flex vertical align="center" justify="center" gap={12} className="full-screen route-error">
      <Typography.Text type="warning" className="route-error__icon">
        <WarningOutlined />
      </Typography.Text>
      <Typography.Title level={1} className="flush route-error__title">
        {chunk ? t("routeError.chunkTitle") : t("routeError.title")}
      </Typography.Title>
      <Typography.Text type="secondary">
        {chunk ? t("routeError.chunkText") : t("routeError.text")}
      </Typography.Text>
      <Flex gap={8} className="gap-above-sm">
        {/* A full reload on purpose: after a failed chunk the app's state may be half-loaded. */}
        <Button type="primary" onClick={() => window.location.reload()}>
          {t("routeError.retry")}
        </Button>
        <Button href={`${BASENAME}/`}>{t("routeError.home")}</Button>
      </Flex>
    </Flex>
  );
}
