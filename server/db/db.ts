/**
 * The one data-access module: PostgreSQL through embedded PGlite (default, data in DATA_DIR/pg)
 * or a PostgreSQL server (DATABASE_URL), with the same SQL and migrations for both
 * (DESIGN.md, "The reference claims API").
 *
 * Row values come back as the drivers parse them; to get identical JS values from both, the SQL
 * casts what the drivers disagree on: dates to text (`to_char`), NUMERIC to float8, counts to int.
 * bigint (int8, the random record ids of migration 006) is parsed by one parser given to both
 * drivers (parseInt8), so ids are JS numbers whichever database answers.
 */
import { log } from "../log.ts";
import { AsyncLocalStorage } from "node:async_hooks";
import { existsSync } from "node:fs";
import { readFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Semaphore } from "async-mutex";
import type { ServerConfig } from "../config.ts";
import { lockDataFolder, makePrivateFolder } from "./data-lock.ts";
import { copyTemplate, saveTemplate } from "./pglite-template.ts";

/** Something SQL runs on: the database itself or an open transaction. */
export interface Queryable {
  /** Runs one statement with `$1`-style parameters; resolves to its rows. */
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
}

/** An open database. */
export interface Database extends Queryable {
  /**
   * Runs `fn` in one transaction: committed when it resolves, rolled back when it throws (the error
   * is re-thrown). Use only `tx` inside `fn`: the embedded database runs one thing at a time.
   * Within a shared transaction it is a savepoint of that one: a throw undoes only `fn`'s part.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` in one transaction that this database's own calls made in the course of `fn` join
   * (across awaits, through AsyncLocalStorage): `query` runs in it and `transaction` is a savepoint
   * of it, so code written for the database at large commits or rolls back with it. Calls made
   * inside such a savepoint do not join (they use its `tx`), nor do calls made once `fn` has settled.
   * Committed when `fn` resolves, rolled back when it throws (the error is re-thrown). On the embedded
   * database it holds the one connection until then, as any transaction does.
   */
  sharedTransaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Closes the connection(s); the object is unusable afterwards. */
  close(): Promise<void>;
  /**
   * Embedded database only: keeps the database as it is now as the start of new data folders
   * (pglite-template.ts). Called once a new folder has been seeded.
   */
  keepAsTemplate?(): Promise<void>;
  /**
   * PostgreSQL server only: its pg.Pool, for a library that keeps its own table through pg (the
   * shared rate-limit counters, server/http/rate-limit.ts). Closed with the database.
   */
  pool?: unknown;
}

/** A driver: what openDatabase needs beyond the public interface. */
interface Driver extends Omit<Database, "sharedTransaction"> {
  /** Runs a script of several statements inside a transaction (migrations). */
  execScript(tx: Queryable, sql: string): Promise<void>;
  /** Most shared transactions open at once; unbounded when absent. */
  sharedLimit?: number;
}

const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations/", import.meta.url));

/** PostgreSQL's type oid of bigint (int8). */
export const INT8_OID = 20;

/**
 * Parses a bigint as the drivers hand it over (decimal text): a JS number when it is exact
 * (|n| <= 2^53 - 1, as every id is by the CHECKs of migration 006), else the text unchanged, so a
 * value too big for a number is never silently rounded (pg's default gives text for every bigint,
 * PGlite's a BigInt for big ones, which JSON cannot carry).
 */
export function parseInt8(text: string): number | string {
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : text;
}

/**
 * Opens the database the settings name and brings its schema up to date.
 * @param config `databaseUrl` selects PostgreSQL; otherwise PGlite persisted in `dataDir/pg`
 * @returns the open database (migrated, not seeded)
 * @throws when the database cannot be opened or a migration fails (nothing of it is applied)
 */
export async function openDatabase(config: Pick<ServerConfig, "dataDir" | "databaseUrl">): Promise<Database> {
  const driver = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPglite(config.dataDir);
  try {
    await migrate(driver);
  } catch (error) {
    await driver.close();
    throw error;
  }
  return {
    ...withSharedTransactions(driver),
    close: driver.close,
    ...(driver.keepAsTemplate && { keepAsTemplate: driver.keepAsTemplate }),
    ...(driver.pool !== undefined && { pool: driver.pool }),
  };
}

/** A shared transaction as the calls made within it see it: theirs to join while it is open. */
interface Shared {
  tx: Queryable;
  open: boolean;
}

/** A driver's query and transactions, joining a shared transaction (Database.sharedTransaction) when made within one. */
function withSharedTransactions(driver: Driver): Pick<Database, "query" | "transaction" | "sharedTransaction"> {
  const current = new AsyncLocalStorage<Shared>();
  const slots = driver.sharedLimit === undefined ? undefined : new Semaphore(driver.sharedLimit);
  let savepoints = 0;
  const joined = () => {
    const shared = current.getStore();
    return shared?.open ? shared : undefined;
  };
  return {
    query<T>(sql: string, params?: unknown[]) {
      return (joined()?.tx ?? driver).query<T>(sql, params);
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      const shared = joined();
      if (!shared) return driver.transaction(fn);
      const name = `shared_${++savepoints}`;
      await shared.tx.query(`SAVEPOINT ${name}`);
      try {
        // Calls inside do not join: work started here and not awaited (the mail worker, woken by a
        // queued email) must not run in a transaction that may still roll back, nor send before its commit.
        const result = await current.exit(() => fn(shared.tx));
        await shared.tx.query(`RELEASE SAVEPOINT ${name}`);
        return result;
      } catch (error) {
        // Should this fail too, the shared transaction fails at its next statement.
        await shared.tx.query(`ROLLBACK TO SAVEPOINT ${name}`).catch(() => undefined);
        throw error;
      }
    },
    sharedTransaction<T>(fn: (tx: Queryable) => Promise<T>) {
      const run = () =>
        driver.transaction(async (tx) => {
          const shared: Shared = { tx, open: true };
          try {
            return await current.run(shared, () => fn(tx));
          } finally {
            shared.open = false;
          }
        });
      return slots ? slots.runExclusive(run) : run();
    },
  };
}

/**
 * The migrations of this build that the database has not recorded (server/db/migrations/*.sql):
 * empty when it is at the latest. A process whose database is behind is not ready.
 * @throws when the database does not answer
 */
export async function pendingMigrations(q: Queryable): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith(".sql"));
  const applied = new Set(
    (await q.query<{ name: string }>("SELECT name FROM schema_migrations")).map((row) => row.name),
  );
  return files.filter((file) => !applied.has(file)).sort();
}

/** Advisory lock key under which one process at a time migrates a database. */
const MIGRATION_LOCK = 727001;

/** Applies every server/db/migrations/*.sql not yet recorded in schema_migrations, in name order. */
async function migrate(driver: Driver): Promise<void> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith(".sql")).sort();
  // Under the migrations' lock too: two processes starting on a new PostgreSQL database at once
  // would both create the table, and CREATE TABLE IF NOT EXISTS is not safe against that race
  // (one fails on pg_type's unique index; seen in the scale-out test).
  const applied = await driver.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await tx.query(
      "CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
    );
    return new Set((await tx.query<{ name: string }>("SELECT name FROM schema_migrations")).map((row) => row.name));
  });
  // A start on an up-to-date database ends here, in one transaction rather than one per migration.
  for (const name of files.filter((file) => !applied.has(file))) {
    const sql = await readFile(join(MIGRATIONS_DIR, name), "utf8");
    await driver.transaction(async (tx) => {
      // Several server processes may start against one PostgreSQL: the lock makes one migrate
      // while the others wait and then find the migration recorded (since the read above).
      await tx.query(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
      const done = await tx.query("SELECT 1 FROM schema_migrations WHERE name = $1", [name]);
      if (done.length > 0) return;
      await driver.execScript(tx, sql);
      await tx.query("INSERT INTO schema_migrations (name) VALUES ($1)", [name]);
    });
  }
}

/** What pg's type registry offers: the parser of a type oid in a format ("text" or "binary"). */
interface TypeParsers {
  getTypeParser(oid: number, format?: string): (text: string) => unknown;
}

/**
 * Type parsers of our PostgreSQL pool: parseInt8 for bigint text, pg's own for everything else.
 * @param defaults pg.types
 */
export function poolTypes(defaults: TypeParsers): TypeParsers {
  return {
    getTypeParser: (oid, format) =>
      oid === INT8_OID && format !== "binary" ? parseInt8 : defaults.getTypeParser(oid, format),
  };
}

/** Shared buffers of the embedded database (see openPglite). */
const PGLITE_SHARED_BUFFERS = "16MB";

async function openPglite(dataDir: string): Promise<Driver> {
  const folder = join(dataDir, "pg");
  // A new folder is copied from the seeded template (pglite-template.ts) while PGlite loads: the
  // copy is the disk's work, loading PGlite's code and engine the CPU's. Without a template PGlite
  // creates the cluster itself (initdb), and migrations and the seed follow.
  await makePrivateFolder(dataDir);
  // One process per folder (server/db/data-lock.ts): a second one would lose the first one's writes.
  const lock = await lockDataFolder(dataDir);
  try {
    return await openLockedPglite(folder, lock.release);
  } catch (error) {
    await lock.release();
    throw error;
  }
}

async function openLockedPglite(folder: string, unlock: () => Promise<void>): Promise<Driver> {
  const copied = existsSync(join(folder, "PG_VERSION")) ? Promise.resolve(false) : copyTemplate(folder);
  copied.catch(() => undefined); // awaited below, where its failure fails the opening
  const [{ PGlite }, { NodeFS }, { preparePglite }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite/nodefs"),
    import("./pglite-prepared.ts"),
  ]);
  // PGlite reads the data folder only after this hook, its place to fill the folder from elsewhere.
  const fs = new (class extends NodeFS {
    override async initialSyncFs() {
      await copied;
    }
  })(folder);
  // PostgreSQL's default 128 MB of shared buffers cost PGlite some 0.3 s of CPU at every start and
  // their memory; the demo database (under 10 MB) fits in 16 MB twice over.
  const startParams = [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
  const pg = await PGlite.create({ fs, startParams, parsers: { [INT8_OID]: parseInt8 } });
  // PGlite writes through Emscripten's file system, which makes its files 0666 and its folders 0777
  // less the umask, whatever PostgreSQL asks for: the database's own folder, 0700, keeps them private.
  await makePrivateFolder(folder);
  // PGlite transactions hand out their own object; scripts run through its exec.
  const scripts = new WeakMap<Queryable, (sql: string) => Promise<unknown>>();
  // Outside transactions (every read of the API) each SQL text is prepared once, and
  // its generic plan kept from the first call: PostgreSQL would otherwise plan `id = ANY($1)` anew
  // for every call (its custom plans look cheaper), which costs more than running it on demo data.
  await pg.exec("SET plan_cache_mode = force_generic_plan");
  const prepared = preparePglite(pg);
  return {
    query: prepared.query,
    transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      return prepared.transaction(async (raw) => {
        const tx: Queryable = {
          query: async <R>(sql: string, params?: unknown[]) => (await raw.query<R>(sql, params)).rows,
        };
        scripts.set(tx, (sql) => raw.exec(sql));
        return fn(tx);
      });
    },
    async execScript(tx, sql) {
      const exec = scripts.get(tx);
      if (!exec) throw new Error("execScript needs a transaction of this database");
      await exec(sql);
    },
    close: async () => {
      try {
        await pg.close();
      } finally {
        await unlock();
      }
    },
    keepAsTemplate: async () => {
      // Flushed to the files first, so a folder copied from the template has nothing to replay.
      await pg.exec("CHECKPOINT");
      await saveTemplate(await pg.dumpDataDir("none"));
    },
  };
}

/** Connections of a PostgreSQL pool. */
const POOL_SIZE = 10;

async function openPostgres(connectionString: string): Promise<Driver> {
  const { default: pg } = await import("pg");
  // The parser is given to this pool only: pg.types.setTypeParser would change every pg user in the process.
  const pool = new pg.Pool({ connectionString, max: POOL_SIZE, types: poolTypes(pg.types) });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on("error", (error) => log.error({ err: error }, "PostgreSQL pool error"));
  await pool.query("SELECT 1"); // fail fast on a wrong URL
  return {
    async query<T>(sql: string, params?: unknown[]) {
      return (await pool.query<T>(sql, params)).rows;
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const tx: Queryable = {
          query: async <R>(sql: string, params?: unknown[]) => (await client.query<R>(sql, params)).rows,
        };
        const result = await fn(tx);
        await client.query("COMMIT");
        client.release();
        return result;
      } catch (error) {
        // A client whose ROLLBACK fails is broken: destroy it rather than return it to the pool.
        const rolledBack = await client.query("ROLLBACK").then(
          () => true,
          () => false,
        );
        client.release(!rolledBack);
        throw error;
      }
    },
    // A parameterless query goes through the simple protocol, which accepts several statements.
    execScript: async (tx, sql) => void (await tx.query(sql)),
    close: () => pool.end(),
    pool,
    // A shared transaction holds its connection while its request may take another (the rate
    // limits query the pool): two stay free of shared transactions, so that wait ends.
    sharedLimit: POOL_SIZE - 2,
  };
}
