/**
 * Prepared statements on PGlite (the API under load). PGlite's own query() sends a new
 * unnamed statement every time: PostgreSQL parses and plans it again (planning a join of several
 * lookups costs milliseconds in the WebAssembly build), in six calls into it. Here each SQL text is
 * parsed and described once as a named statement of the one embedded connection, and every later
 * call only binds and executes it, in one call; PostgreSQL keeps and reuses its plan (invalidated by any change of
 * the tables, as always). Parameters are serialized and rows parsed exactly as PGlite's query()
 * does, so the answers are the same.
 *
 * SQL texts are written by the server itself (never from a request), so there are few of them;
 * past MAX_STATEMENTS a new text runs through PGlite's query() instead.
 */
import { parse, protocol, type PGlite, type Transaction } from "@electric-sql/pglite";
import { Mutex } from "async-mutex";

/** A message from the database, as PGlite parses them. */
type BackendMessage = Parameters<typeof parse.parseResults>[0][number];

/** Most SQL texts kept prepared. */
const MAX_STATEMENTS = 500;

/** A prepared statement: its name on the connection, the types of its parameters, its columns. */
interface Statement {
  name: string;
  paramTypes: number[];
  /** The statement's RowDescription (none for a statement without rows), given to every result. */
  columns: BackendMessage[];
}

const { serialize } = protocol;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** PGlite with each SQL text prepared once: reads through `query`, transactions through `transaction`. */
export interface PreparedPglite {
  /** Resolves to the rows; waits for an open transaction, as pg.query does. */
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  /** pg.transaction, holding off prepared reads until it ends. */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
}

/**
 * Prepared reads over a PGlite connection. Every transaction of the connection must go through
 * the returned `transaction`: PGlite's public runExclusive keeps other statements out while a
 * prepared one runs, but not a transaction open between two of its own statements.
 */
export function preparePglite(pg: PGlite): PreparedPglite {
  const transactions = new Mutex();
  const statements = new Map<string, Statement>();
  let made = 0;

  const prepare = async (sql: string): Promise<Statement> => {
    // A new name each time: a failed preparation may still have left its name taken.
    const name = `claims_${++made}`;
    const { messages } = await pg.execProtocol(
      concat([serialize.parse({ name, text: sql }), serialize.describe({ type: "S", name }), serialize.sync()]),
      { syncToFs: false },
    );
    const statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      columns: messages.filter((message) => message.name === "rowDescription"),
    };
    statements.set(sql, statement);
    return statement;
  };

  const query = async <T>(sql: string, params: unknown[] = []): Promise<T[]> => {
    if (!statements.has(sql) && statements.size >= MAX_STATEMENTS) return (await pg.query<T>(sql, params)).rows;
    // Never inside another request's open transaction, and alone on the connection while it runs.
    return transactions.runExclusive(() =>
      pg.runExclusive(async () => {
        const statement = statements.get(sql) ?? (await prepare(sql));
        const values = params.map((param, i) => {
          if (param === null || param === undefined) return null;
          const serializer = pg.serializers[statement.paramTypes[i]!];
          return serializer ? serializer(param) : String(param);
        });
        const { messages } = await pg.execProtocol(
          concat([serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()]),
          { syncToFs: false },
        );
        await pg.syncToFs();
        return parse.parseResults([...statement.columns, ...messages], pg.parsers)[0]!.rows as T[];
      }),
    );
  };
  return { query, transaction: (fn) => transactions.runExclusive(() => pg.transaction(fn)) };
}
