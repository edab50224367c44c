import { icon } from "./make";

export const IconHome = icon(
  "M3 10.2 12 3l9 7.2V20a1.5 1.5 0 0 1-1.5 1.5H15V15H9v6.5H4.5A1.5 1.5 0 0 1 3 20z",
);
export const IconMarket = icon("M22 12 18 12 15 21 9 3 6 12 2 12");
export const IconWallet = icon(
  "M19 7V5.5A1.5 1.5 0 0 0 17.5 4h-12A2.5 2.5 0 0 0 3 6.5",
  "M5.5 7h13a2.5 2.5 0 0 1 2.5 2.5v9a2.5 2.5 0 0 1 -2.5 2.5h-13a2.5 2.5 0 0 1 -2.5 -2.5v-9a2.5 2.5 0 0 1 2.5 -2.5z",
  "M17.7 14a1.2 1.2 0 0 1 -1.2 1.2a1.2 1.2 0 0 1 -1.2 -1.2a1.2 1.2 0 0 1 1.2 -1.2a1.2 1.2 0 0 1 1.2 1.2z",
);
export const IconUser = icon(
  "M20 21v-2a4 4 0 0 0-4-4H8a4 4 0 0 0-4 4v2",
  "M16 7a4 4 0 0 1 -4 4a4 4 0 0 1 -4 -4a4 4 0 0 1 4 -4a4 4 0 0 1 4 4z",
);
export const IconGlobe = icon(
  "M22 12a10 10 0 0 1 -10 10a10 10 0 0 1 -10 -10a10 10 0 0 1 10 -10a10 10 0 0 1 10 10z",
  "M2 12H22",
  "M12 2a15.3 15.3 0 0 1 4 10 15.3 15.3 0 0 1-4 10 15.3 15.3 0 0 1-4-10 15.3 15.3 0 0 1 4-10z",
);
export const IconAlert = icon(
  "M10.29 3.86 1.82 18a2 2 0 0 0 1.71 3h16.94a2 2 0 0 0 1.71-3L13.71 3.86a2 2 0 0 0-3.42 0z",
  "M12 9V13",
  "M12 17H12.01",
);
export const IconChevronLeft = icon("M15 18 9 12 15 6");
export const IconChevronRight = icon("M9 18 15 12 9 6");
export const IconChevronDown = icon("M6 9 12 15 18 9");
export const IconCheck = icon("M20 6 9 17 4 12");
export const IconArrowRight = icon("M5 12H19", "M12 5 19 12 12 19");
