import { Flex, Spin } from "antd";

/** Shown while the first page's chunk downloads. */
export function BootSpinner() {
  return (
    <Flex align="center" justify="center" style={{ minHeight: "100vh" }}>
      <Spin size="large" />
    </Flex>
  );
}
