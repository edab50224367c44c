import { icon } from "./make";

export const IconDeposit = icon("M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4", "M7 10 12 15 17 10", "M12 15V3");
export const IconWithdraw = icon("M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4", "M17 8 12 3 7 8", "M12 3V15");
export const IconTrend = icon("M23 6 13.5 15.5 8.5 10.5 1 18", "M17 6 23 6 23 12");
export const IconClipboard = icon(
  "M16 4h2a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h2",
  "M9 2h6a1 1 0 0 1 1 1v2a1 1 0 0 1 -1 1h-6a1 1 0 0 1 -1 -1v-2a1 1 0 0 1 1 -1z",
  "M8 12H16",
  "M8 16H13",
);
export const IconCard = icon(
  "M4 4h16a2.5 2.5 0 0 1 2.5 2.5v11a2.5 2.5 0 0 1 -2.5 2.5h-16a2.5 2.5 0 0 1 -2.5 -2.5v-11a2.5 2.5 0 0 1 2.5 -2.5z",
  "M1.5 10H22.5",
  "M6 15H10",
);
export const IconInfo = icon(
  "M22 12a10 10 0 0 1 -10 10a10 10 0 0 1 -10 -10a10 10 0 0 1 10 -10a10 10 0 0 1 10 10z",
  "M12 16V12",
  "M12 8H12.01",
);
export const IconBell = icon("M18 8A6 6 0 0 0 6 8c0 7-3 9-3 9h18s-3-2-3-9", "M13.73 21a2 2 0 0 1-3.46 0");
export const IconHeadset = icon(
  "M3 18v-6a9 9 0 0 1 18 0v6",
  "M21 19a2 2 0 0 1-2 2h-1a2 2 0 0 1-2-2v-3a2 2 0 0 1 2-2h3zM3 19a2 2 0 0 0 2 2h1a2 2 0 0 0 2-2v-3a2 2 0 0 0-2-2H3z",
);
export const IconShield = icon("M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z");
export const IconLayers = icon("M12 2 2 7 12 12 22 7 12 2z", "M2 17 12 22 22 17", "M2 12 12 17 22 12");
export const IconLock = icon(
  "M5 11h14a2 2 0 0 1 2 2v7a2 2 0 0 1 -2 2h-14a2 2 0 0 1 -2 -2v-7a2 2 0 0 1 2 -2z",
  "M7 11V7a5 5 0 0 1 10 0v4",
);
