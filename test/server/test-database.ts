/**
 * The PostgreSQL server of the `server-pg` test project (issue 14): every test server gets a
 * database of its own, created with a random name and dropped when it stops, so the suite stays
 * hermetic and its files can run side by side on one PostgreSQL. In the PGlite pass (no
 * TEST_POSTGRES_URL) nothing here is used.
 */
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import pg from "pg";

/**
 * The PostgreSQL server to make test databases on (vite.config.ts sets it from DATABASE_URL for
 * the server-pg project only), or undefined: the tests run on PGlite.
 */
export const testPostgresUrl: string | undefined = process.env.TEST_POSTGRES_URL || undefined;

/** Runs statements on the server's maintenance database (`testPostgresUrl` as given). */
async function onServer(statements: string[]): Promise<void> {
  if (!testPostgresUrl) throw new Error("No TEST_POSTGRES_URL: this is the PGlite pass");
  const pool = new pg.Pool({ connectionString: testPostgresUrl, max: 1 });
  try {
    for (const sql of statements) await pool.query(sql);
  } finally {
    await pool.end();
  }
}

/**
 * Creates an empty database with a random name on the test PostgreSQL server.
 * @returns its connection URL (the server's URL with the new database name)
 * @throws when there is no test server, or it refuses
 */
export async function createTestDatabase(): Promise<string> {
  const name = `claims_test_${randomBytes(8).toString("hex")}`;
  await onServer([`CREATE DATABASE ${name}`]);
  const url = new URL(testPostgresUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Drops a database made by createTestDatabase, closing whatever connections are still open on it.
 * @param url what createTestDatabase returned; any other database is refused
 */
export async function dropTestDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (!/^claims_test_[0-9a-f]{16}$/.test(name)) throw new Error(`Not a test database: ${name}`);
  await onServer([`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]);
}

/**
 * Runs a script of several statements on a test server's database, without the server: PostgreSQL
 * when `databaseUrl` is set, else the PGlite database in `dataDir/pg` (made if new).
 */
export async function runSqlScript(data: { dataDir: string; databaseUrl: string | undefined }, sql: string): Promise<void> {
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
