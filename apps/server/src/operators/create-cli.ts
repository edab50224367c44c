import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { OPERATOR_ROLES, type OperatorRole } from "@tickfair/contract";
import { errorMessage } from "@tickfair/contract/error-messages";
import { recordAudit } from "../audit";
import { systemClock } from "../platform/clock";
import { loadConfig } from "../platform/config";
import { createDb } from "../platform/db";
import { AppError } from "../platform/errors";
import { migrateToLatest } from "../platform/migrations";
import { createOperator } from "./service";

/**
 * `npm run operator:create -- --username alice --role finance [--password …]`
 * Creates an operator account on the configured database. Without --password (or the
 * OPERATOR_PASSWORD variable) a strong one is generated and printed once. The operator has no second
 * factor yet: their first sign-in to the console enrols an authenticator (QR code, recovery codes).
 */
const { values } = parseArgs({
  options: { username: { type: "string" }, role: { type: "string" }, password: { type: "string" } },
});
const role = values.role as OperatorRole | undefined;
if (!values.username || !role || !OPERATOR_ROLES.includes(role)) {
  console.error(
    `usage: npm run operator:create -- --username NAME --role ${OPERATOR_ROLES.join("|")} [--password PASSWORD]`,
  );
  process.exit(2);
}
const generated = !values.password && !process.env.OPERATOR_PASSWORD;
const password = values.password || process.env.OPERATOR_PASSWORD || randomBytes(12).toString("base64url");

const config = loadConfig();
const db = createDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
let exitCode = 0;
try {
  await migrateToLatest(db);
  const operator = await createOperator(db, systemClock, { username: values.username, password, role });
  await recordAudit(db, systemClock, {
    operatorId: null,
    action: "operator.create",
    targetType: "operator",
    targetId: String(operator.id),
    detail: { username: operator.username, role, via: "cli" },
  });
  console.log(`Created operator ${operator.username} (${role}).`);
  console.log(
    "At the first sign-in to the console they add an authenticator app (QR code) and get recovery codes.",
  );
  if (generated) console.log(`Password (shown once): ${password}`);
} catch (error) {
  const why =
    error instanceof AppError
      ? errorMessage(error.code, "en")
      : error instanceof Error
        ? error.message
        : String(error);
  console.error(`Could not create the operator: ${why}`);
  exitCode = 1;
} finally {
  await db.destroy();
}
// Set only after closing: PGlite's runtime resets process.exitCode when it shuts down.
process.exit(exitCode);
