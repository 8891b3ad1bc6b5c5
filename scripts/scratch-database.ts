/**
 * Throwaway databases on a PostgreSQL server, for the server-pg tests (test/server/test-database.ts)
 * and `npm run bench`: made with a random name, dropped when done, so nothing is left on the server
 * and runs never meet each other's rows.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";

/** Runs statements on the server's database named in `serverUrl` (usually `postgres`). */
async function onServer(serverUrl: string, statements: string[]): Promise<void> {
  const pool = new pg.Pool({ connectionString: serverUrl, max: 1 });
  try {
    for (const sql of statements) await pool.query(sql);
  } finally {
    await pool.end();
  }
}

/**
 * Creates an empty database `{prefix}_{16 hex}` on the server.
 * @param prefix lower-case letters and underscores
 * @returns its connection URL (the server's URL with the new database's name)
 */
export async function createScratchDatabase(serverUrl: string, prefix: string): Promise<string> {
  const name = `${prefix}_${randomBytes(8).toString("hex")}`;
  await onServer(serverUrl, [`CREATE DATABASE ${name}`]);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Drops a database made by createScratchDatabase with this prefix, closing its open connections.
 * @throws for any other database name, which is never dropped
 */
export async function dropScratchDatabase(serverUrl: string, url: string, prefix: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (!new RegExp(`^${prefix}_[0-9a-f]{16}$`).test(name)) throw new Error(`Not a scratch database: ${name}`);
  await onServer(serverUrl, [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]);
}
