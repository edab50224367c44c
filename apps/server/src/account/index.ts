export { accountSummaryNow, type FiguresDeps, toAccountSummary, userFigures } from "./figures";
export { accountUpdates } from "./live";
