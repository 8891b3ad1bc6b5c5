/**
 * The few `pg` (node-postgres) types server/db.ts uses. The project installs `pg` without
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
  export interface PoolConfig {
    connectionString?: string;
    max?: number;
  }
  export class Pool {
    constructor(config?: PoolConfig);
    query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
    connect(): Promise<PoolClient>;
    end(): Promise<void>;
    on(event: "error", listener: (error: Error) => void): this;
  }
  const pg: { Pool: typeof Pool };
  export default pg;
}
