import { icon } from "./make";

export const IconBank = icon(
  "M3 9.5 12 4l9 5.5",
  "M4 20H20",
  "M6 11V17",
  "M10 11V17",
  "M14 11V17",
  "M18 11V17",
);
export const IconCoin = icon(
  "M21 12a9 9 0 0 1 -9 9a9 9 0 0 1 -9 -9a9 9 0 0 1 9 -9a9 9 0 0 1 9 9z",
  "M9.5 8h4a2 2 0 0 1 0 4h-4zm0 4h4.5a2 2 0 0 1 0 4H9.5zM11 6.5V8m0 8v1.5m2.5-11V8m0 8v1.5",
);
export const IconDownload = icon(
  "M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2",
  "M7 11 12 16 17 11",
  "M12 4V16",
);
export const IconInbox = icon(
  "M22 12 16 12 14 15 10 15 8 12 2 12",
  "M5.45 5.11 2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.45-6.89A2 2 0 0 0 16.76 4H7.24a2 2 0 0 0-1.79 1.11z",
);
export const IconImage = icon(
  "M5.5 3h13a2.5 2.5 0 0 1 2.5 2.5v13a2.5 2.5 0 0 1 -2.5 2.5h-13a2.5 2.5 0 0 1 -2.5 -2.5v-13a2.5 2.5 0 0 1 2.5 -2.5z",
  "M10 8.5a1.5 1.5 0 0 1 -1.5 1.5a1.5 1.5 0 0 1 -1.5 -1.5a1.5 1.5 0 0 1 1.5 -1.5a1.5 1.5 0 0 1 1.5 1.5z",
  "M21 15 16 10 5 21",
);
export const IconClose = icon("M18 6 6 18", "M6 6 18 18");
export const IconGift = icon(
  "M20 12 20 22 4 22 4 12",
  "M3 7h18a1 1 0 0 1 1 1v3a1 1 0 0 1 -1 1h-18a1 1 0 0 1 -1 -1v-3a1 1 0 0 1 1 -1z",
  "M12 22V7",
  "M12 7H7.5a2.5 2.5 0 0 1 0-5C11 2 12 7 12 7zm0 0h4.5a2.5 2.5 0 0 0 0-5C13 2 12 7 12 7z",
);
export const IconClock = icon(
  "M21 12a9 9 0 0 1 -9 9a9 9 0 0 1 -9 -9a9 9 0 0 1 9 -9a9 9 0 0 1 9 9z",
  "M12 7 12 12 15.5 14",
);
