/**
 * The few `pg` (node-postgres) types server/db/db.ts uses. The project installs `pg` without
 * `@types/pg`, so this keeps strict TypeScript honest without another dependency.
 */
declare module "pg" {
  export interface QueryResult<T> {
    rows: T[];
  }
  export interface PoolClient {
    query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
    release(error?: Error | boolean): void;
  }
  /** Turns a column's text into a JS value. */
  export type TypeParser = (text: string) => unknown;
  /** Type parsers by type oid; format is "text" or "binary". */
  export interface CustomTypesConfig {
    getTypeParser(oid: number, format?: string): TypeParser;
  }
  export interface PoolConfig {
    connectionString?: string;
    max?: number;
    /** Type parsers of this pool's clients only (instead of the process-wide pg.types). */
    types?: CustomTypesConfig;
  }
  export class Pool {
    constructor(config?: PoolConfig);
    query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
    connect(): Promise<PoolClient>;
    end(): Promise<void>;
    on(event: "error", listener: (error: Error) => void): this;
  }
  const pg: { Pool: typeof Pool; types: CustomTypesConfig };
  export default pg;
}
