import type { ReactNode } from "react";
import { TabBar } from "../TabBar/TabBar";
import "./tab-layout.css";

/** Layout of the tab pages: the page above, the tab bar fixed at the bottom. */
export default function TabLayout({ children }: { children: ReactNode }) {
  return (
    <div className="tab-layout">
      <div className="tab-layout__content">{children}</div>
      <TabBar />
    </div>
  );
}
