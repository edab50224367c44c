import { Flex, Typography } from "antd";
import type { ReactNode } from "react";

/** A page's title, with its filters or actions on the right. */
export function PageHeader({ title, extra }: { title: string; extra?: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" wrap gap={16} className="stack-gap">
      <Typography.Title level={3} className="flush">
        {title}
      </Typography.Title>
      {extra}
    </Flex>
  );
}
