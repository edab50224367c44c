import { LeftOutlined, RightOutlined } from "@ant-design/icons";
import { Button, Flex, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { nextPageParams, previousPageParams, readPageTrail } from "../../lib/page-trail";

/**
 * Previous / next for a cursor-paginated list (the contract's pageOf: items and a next cursor, no
 * total), its place kept in the URL (lib/page-trail.ts).
 */
export function CursorPager({
  nextCursor,
  loading,
}: {
  nextCursor: string | null | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { page } = readPageTrail(params);
  return (
    <Flex justify="flex-end" align="center" gap={12} style={{ marginTop: 16 }}>
      <Button
        icon={<LeftOutlined />}
        disabled={page === 1 || loading}
        onClick={() => setParams(previousPageParams(params))}
        data-testid="page-previous"
      >
        {t("table.previous")}
      </Button>
      <Typography.Text type="secondary" data-testid="page-number">
        {t("table.page", { page })}
      </Typography.Text>
      <Button
        disabled={!nextCursor || loading}
        onClick={() => nextCursor && setParams(nextPageParams(params, nextCursor))}
        data-testid="page-next"
      >
        {t("table.next")}
        <RightOutlined />
      </Button>
    </Flex>
  );
}
