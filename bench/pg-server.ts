import pg from "pg";

/** A PostgreSQL server to measure on, and the databases the benches make on it. */
export interface PgServer {
  /** Where the server came from. */
  origin: "DATABASE_URL" | "throwaway cluster";
  /** URL of the maintenance database (the DATABASE_URL itself, or `postgres` on a throwaway cluster). */
  adminUrl: string;
  /** `server_version` as the server reports it, e.g. "15.18 (Debian 15.18-0+deb12u1)". */
  version: string;
  /** Folder of the PostgreSQL client and server programs found on this machine (pgbench lives there), if any. */
  binDir: string | null;
  /** The URL of another database on the same server. */
  urlFor(database: string): string;
  /** Drops `database` if it exists and creates it empty; returns its URL. */
  createDatabase(database: string): Promise<string>;
  dropDatabase(database: string): Promise<void>;
  /**
   * CPU time the server's processes have used so far, in seconds (its backends' and helpers', including
   * those that have exited); null where this machine cannot tell (DATABASE_URL, no /proc).
   */
  cpuSeconds(): number | null;
  /** Stops and removes a throwaway cluster; for DATABASE_URL it does nothing. Safe to call twice. */
  close(): Promise<void>;
  /**
   * Restarts a throwaway cluster (`pg_ctl restart -m fast`: open connections are ended) on the same port;
   * null for DATABASE_URL, a server that is not ours to restart.
   */
  restart: (() => Promise<void>) | null;
  /** The server's log file, for a throwaway cluster (removed with it); null for DATABASE_URL. */
  logFile: string | null;
}

/** The PgServer that `adminUrl` names; how it came to be and how it goes away are the caller's. */
export async function pgServerAt(
  adminUrl: string,
  origin: PgServer["origin"],
  parts: Pick<PgServer, "binDir" | "cpuSeconds" | "close" | "restart" | "logFile">,
): Promise<PgServer> {
  const version = await serverVersion(adminUrl);
  return {
    origin,
    adminUrl,
    version,
    ...parts,
    urlFor: (database) => withDatabase(adminUrl, database),
    createDatabase: (database) => createDatabase(adminUrl, database),
    dropDatabase: (database) => dropDatabase(adminUrl, database),
  };
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

async function withAdmin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function serverVersion(adminUrl: string): Promise<string> {
  return withAdmin(adminUrl, async (client) => {
    const result = await client.query<{ server_version: string }>("show server_version");
    return result.rows[0]?.server_version ?? "unknown";
  });
}

async function createDatabase(adminUrl: string, database: string): Promise<string> {
  assertNotAdminDatabase(adminUrl, database);
  await withAdmin(adminUrl, async (client) => {
    await client.query(`drop database if exists ${quoteIdent(database)} with (force)`);
    await client.query(`create database ${quoteIdent(database)}`);
  });
  return withDatabase(adminUrl, database);
}

async function dropDatabase(adminUrl: string, database: string): Promise<void> {
  assertNotAdminDatabase(adminUrl, database);
  await withAdmin(adminUrl, (client) =>
    client.query(`drop database if exists ${quoteIdent(database)} with (force)`),
  );
}

function assertNotAdminDatabase(adminUrl: string, database: string): void {
  const current = decodeURIComponent(new URL(adminUrl).pathname.replace(/^\//, ""));
  if (current === database)
    throw new Error(`refusing to recreate ${database}: it is the database DATABASE_URL names`);
}
