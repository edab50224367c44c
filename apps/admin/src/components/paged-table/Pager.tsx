import { LeftOutlined, RightOutlined } from "@ant-design/icons";
import { Button, Flex, Select, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { Paging } from "./paging";

/**
 * Previous / next under a cursor-paginated list (the contract's pageOf: items and a next cursor, no
 * total), and the rows-per-page choice where the list offers one.
 */
export function Pager({
  paging,
  nextCursor,
  loading,
}: {
  paging: Paging;
  nextCursor: string | null | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const { sizes } = paging;
  return (
    <Flex justify="flex-end" align="center" gap={12} data-testid="pager">
      {sizes && (
        <Select<number>
          className="pager__size"
          value={paging.request.limit}
          options={sizes.choices.map((size) => ({ value: size, label: t("list.pageSize", { n: size }) }))}
          onChange={sizes.choose}
          aria-label={t("list.pageSizeLabel")}
          data-testid="list-page-size"
        />
      )}
      <Button
        icon={<LeftOutlined />}
        disabled={paging.page === 1 || loading}
        onClick={paging.previous}
        data-testid="page-previous"
      >
        {t("table.previous")}
      </Button>
      <Typography.Text type="secondary" data-testid="page-number">
        {t("table.page", { page: paging.page })}
      </Typography.Text>
      <Button
        disabled={!nextCursor || loading}
        onClick={() => nextCursor && paging.next(nextCursor)}
        data-testid="page-next"
      >
        {t("table.next")}
        <RightOutlined />
      </Button>
    </Flex>
  );
}
