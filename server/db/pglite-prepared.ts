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
import { parse, protocol, type PGlite } from "@electric-sql/pglite";

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

/**
 * A query function over PGlite that prepares each SQL text once.
 * @returns `query(sql, params)` resolving to the rows, queued behind transactions like pg.query
 */
export function preparedQuery(pg: PGlite): <T>(sql: string, params?: unknown[]) => Promise<T[]> {
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

  return async <T>(sql: string, params: unknown[] = []): Promise<T[]> => {
    if (!statements.has(sql) && statements.size >= MAX_STATEMENTS) return (await pg.query<T>(sql, params)).rows;
    // The same two locks as pg.query: never inside another request's open transaction.
    return pg._runExclusiveTransaction(() => pg._runExclusiveQuery(async () => {
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
    }));
  };
}
