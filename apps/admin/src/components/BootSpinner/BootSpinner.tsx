import { Flex, Spin } from "antd";

/** Shown while the first page's chunk downloads. */
export function BootSpinner() {
  return (
    <Flex align="center" justify="center" className="full-screen">
      <Spin size="large" />
    </Flex>
  );
}
