/**
 * The PostgreSQL server of the `server-pg` test project: every test server gets a
 * database of its own, created with a random name and dropped when it stops, so the suite stays
 * hermetic and its files can run side by side on one PostgreSQL. In the PGlite pass (no
 * TEST_POSTGRES_URL) nothing here is used.
 */
import { join } from "node:path";
import pg from "pg";
import { createScratchDatabase, dropScratchDatabase } from "../../scripts/scratch-database.ts";

/**
 * The PostgreSQL server to make test databases on (vite.config.ts sets it from DATABASE_URL for
 * the server-pg project only), or undefined: the tests run on PGlite.
 */
export const testPostgresUrl: string | undefined = process.env.TEST_POSTGRES_URL || undefined;

/** Prefix of the test databases' names. */
const PREFIX = "claims_test";

/**
 * Creates an empty database with a random name on the test PostgreSQL server.
 * @returns its connection URL (the server's URL with the new database name)
 * @throws when there is no test server, or it refuses
 */
export async function createTestDatabase(): Promise<string> {
  if (!testPostgresUrl) throw new Error("No TEST_POSTGRES_URL: this is the PGlite pass");
  return createScratchDatabase(testPostgresUrl, PREFIX);
}

/**
 * Drops a database made by createTestDatabase, closing whatever connections are still open on it.
 * @param url what createTestDatabase returned; any other database is refused
 */
export async function dropTestDatabase(url: string): Promise<void> {
  if (!testPostgresUrl) throw new Error("No TEST_POSTGRES_URL: this is the PGlite pass");
  await dropScratchDatabase(testPostgresUrl, url, PREFIX);
}

/**
 * Runs a script of several statements on a test server's database, without the server: PostgreSQL
 * when `databaseUrl` is set, else the PGlite database in `dataDir/pg` (made if new).
 */
export async function runSqlScript(
  data: { dataDir: string; databaseUrl: string | undefined },
  sql: string,
): Promise<void> {
  if (data.databaseUrl) {
    const pool = new pg.Pool({ connectionString: data.databaseUrl, max: 1 });
    // Without parameters pg uses the simple protocol, which takes several statements.
    await pool.query(sql).finally(() => pool.end());
    return;
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const database = await PGlite.create(join(data.dataDir, "pg"));
  await database.exec(sql).finally(() => database.close());
}
