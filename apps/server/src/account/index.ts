export { accountSummaryNow, type FiguresDeps, toAccountSummary, userFigures } from "./figures";
export { accountModule } from "./module";
