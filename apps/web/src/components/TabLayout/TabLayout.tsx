import { Outlet } from "react-router";
import { TabBar } from "../TabBar/TabBar";
import "./tab-layout.css";

/** Layout route of the tab pages: the page above, the tab bar fixed at the bottom. */
export default function TabLayout() {
  return (
    <div className="tab-layout">
      <div className="tab-layout__content">
        <Outlet />
      </div>
      <TabBar />
    </div>
  );
}
