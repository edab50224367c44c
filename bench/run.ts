/**
 * `npm run bench [-- <name>…]`: runs the named benchmarks, or all of them without a name. Each prints a
 * readable table and, as its last line, one JSON object of its figures. Exit 1 when a bench finds
 * something wrong (e.g. broken ledger invariants), 2 on an unknown name.
 *
 * To add a bench, write bench/<name>.ts exporting a function that returns a BenchResult, and list it here.
 */
import type { Bench } from "./bench";
import { runChatBench } from "./chat";
import { runConsoleBench } from "./console";
import { runGrowthBench } from "./growth";
import { runLedgerBench } from "./ledger";
import { runSavingsBench } from "./savings";
import { runSolvencyBench } from "./solvency";
import { runTradingBench } from "./trading";
import { runVerifyBench } from "./verify";
import { runWebBench } from "./web";

const BENCHES: Bench[] = [
  {
    name: "ledger",
    description: "postings per second on PGlite and PostgreSQL, against pgbench tpcb-like on the same server",
    run: runLedgerBench,
  },
  {
    name: "trading",
    description:
      "contracts placed per second over HTTP against pgbench, 100,000 due contracts settled, WebSocket tickers lag of 5,000 clients",
    run: runTradingBench,
  },
  {
    name: "console",
    description:
      "operator console pages (deposits queue, user search, a user's statement) at 100 and 100,000 rows on PostgreSQL: p99 ratio",
    run: runConsoleBench,
  },
  {
    name: "savings",
    description:
      "one day's Yu'ebao income for 1,000,000 savers by 4 accrual loops: savers per second against pgbench, a second run posts nothing",
    run: runSavingsBench,
  },
  {
    name: "solvency",
    description:
      "one day's proof-of-liabilities snapshot of 1,000,000 users: users per second against pgbench, proof p99 against GET /me",
    run: runSolvencyBench,
  },
  {
    name: "chat",
    description:
      "2,000 users × 1 chat message/s for 30 s through two server processes: p99 delivery lag to the consoles against the bare-socket floor",
    run: runChatBench,
  },
  {
    name: "verify",
    description:
      "one epoch of every synthetic product verified by the verify package in Chromium at 4× CPU slowdown (a phone)",
    run: runVerifyBench,
  },
  {
    name: "growth",
    description:
      "a day and a year of one product (31.5 million ticks, contracts, postings, chat) on PostgreSQL: p99 of each operation, year ÷ day, and bytes per tick",
    run: runGrowthBench,
  },
  {
    name: "web",
    description:
      "Lighthouse mobile (slow 4G, 4× CPU) on home, products, product detail, login and personal center of the built app",
    run: runWebBench,
  },
];

function usage(): string {
  const names = BENCHES.map((bench) => `  ${bench.name.padEnd(10)} ${bench.description}`).join("\n");
  return `usage: npm run bench [-- <name>…]\n\nWithout a name, every bench runs. Benches:\n${names}\n\nDATABASE_URL: run the PostgreSQL parts on that server instead of a throwaway cluster.`;
}

const args = process.argv.slice(2);
if (args.includes("--help") || args.includes("-h")) {
  console.log(usage());
  process.exit(0);
}
const unknown = args.filter((name) => !BENCHES.some((bench) => bench.name === name));
if (unknown.length > 0) {
  console.error(`unknown bench: ${unknown.join(", ")}\n`);
  console.error(usage());
  process.exit(2);
}
const selected = args.length === 0 ? BENCHES : BENCHES.filter((bench) => args.includes(bench.name));

let failed = false;
for (const bench of selected) {
  console.log(`== bench ${bench.name} ==`);
  try {
    const result = await bench.run();
    if (!result.ok) failed = true;
    console.log(JSON.stringify(result.summary));
  } catch (error) {
    failed = true;
    console.error(`bench ${bench.name} failed:`, error);
  }
}
process.exitCode = failed ? 1 : 0;
