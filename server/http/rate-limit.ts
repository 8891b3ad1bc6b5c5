/**
 * Rate limits (SECURITY.md, "Rate limits"): fixed windows counted by rate-limiter-flexible. On a
 * PostgreSQL server (DATABASE_URL) the counts live in one table of that database, so every process
 * of a deployment shares them (docs/deployment.md); on the embedded database, which one process
 * owns, they live in that process's memory. Either way a window lives until it ends: nothing
 * evicts it early, however many other keys are counted. Refusals are 429
 * `{ code: "TOO_MANY_REQUESTS", message, retryAfter }` with Retry-After in seconds.
 */
import type { Context } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";
import { REFUSAL_CODES } from "../../contract/refusal-codes.ts";
import { DEFAULT_RATE_LIMITS, type Rate, type RateLimits, type ServerConfig } from "../config.ts";
import type { Database } from "../db/db.ts";
import { log } from "../log.ts";
import { HttpError } from "./http-errors.ts";
import { clientAddress } from "./public-url.ts";

/** The table of the counts on PostgreSQL, created by the library on first use (its own shape). */
const TABLE = "rate_limits";

/** Counters under names (one per limit) and keys (an address, a hashed name, a signature). */
export interface RateLimiter {
  /**
   * Counts one request under a key.
   * @param name the limit, e.g. "search"; keys of different names never meet
   * @param rate [requests allowed, window in seconds]
   * @throws HttpError 429 TOO_MANY_REQUESTS with Retry-After when the window is full
   */
  hit(name: string, key: string, rate: Rate): Promise<void>;
  /**
   * Adds one to a key's count without refusing anything (e.g. a search about to run), atomically.
   * @returns the count in the window, this one included
   */
  count(name: string, key: string, rate: Rate): Promise<number>;
  /** Takes one back from a key's count (a counted search that found its plan after all). */
  uncount(name: string, key: string, rate: Rate): Promise<void>;
  /**
   * Takes a single-use token: true the first time a key is taken, false every other time within
   * `seconds` (e.g. a spent proof-of-work solution), in every process sharing the store.
   */
  takeOnce(name: string, key: string, seconds: number): Promise<boolean>;
}

/** The limiter of each open database, so every route counting under one name counts in one window. */
const limiterOfDatabase = new WeakMap<object, RateLimiter>();

/**
 * The limiter of a database: over its shared store, or over this process's memory. Every call
 * with the same database gets the same limiter, so two routes counting under one name (plan
 * searches and failed plan links both count under "search") share the window in memory too.
 * @param db the open database; its `pool` (PostgreSQL server only) selects the shared store.
 *   Absent (a test's app without a database): a new limiter over memory.
 */
export function createRateLimiter(db?: Pick<Database, "pool">): RateLimiter {
  if (!db) return newRateLimiter(undefined);
  let limiter = limiterOfDatabase.get(db);
  if (!limiter) {
    limiter = newRateLimiter(db.pool);
    limiterOfDatabase.set(db, limiter);
  }
  return limiter;
}

function newRateLimiter(pool: Database["pool"] | undefined): RateLimiter {
  const limiters = new Map<string, Promise<RateLimiterAbstract>>();
  /** Whether the table is there: settles once, false when it could not be created. */
  let table: Promise<boolean> | undefined;

  const make = async (name: string, [points, duration]: Rate): Promise<RateLimiterAbstract> => {
    const options = { keyPrefix: name, points, duration };
    // Counts here when the database cannot answer, rather than failing the request.
    const memory = new RateLimiterMemory(options);
    if (pool === undefined) return memory;
    const store = { ...options, storeClient: pool, storeType: "pool", tableName: TABLE, insuranceLimiter: memory };
    if (!table) {
      // The first limiter creates the table (CREATE TABLE IF NOT EXISTS; the library also accepts
      // losing that race to another process) and sweeps rows an hour past their window every 5 min.
      const creating = new Promise<RateLimiterAbstract>((resolve, reject) => {
        const limiter: RateLimiterPostgres = new RateLimiterPostgres(
          { ...store, tableCreated: false, clearExpiredByTimeout: true },
          (error?: Error) => {
            if (error) reject(error);
            else resolve(limiter);
          },
        );
      });
      table = creating.then(
        () => true,
        (error: unknown) => {
          log.error({ err: error }, "rate limits: cannot create their table, counting in this process's memory");
          return false;
        },
      );
      return creating.catch(() => memory);
    }
    return (await table)
      ? new RateLimiterPostgres({ ...store, tableCreated: true, clearExpiredByTimeout: false })
      : memory;
  };

  const limiterOf = (name: string, rate: Rate) => {
    const id = `${name}|${rate[0]}|${rate[1]}`;
    let limiter = limiters.get(id);
    if (!limiter) {
      limiter = make(name, rate);
      limiters.set(id, limiter);
    }
    return limiter;
  };

  /** Consumes one point; null when allowed, the library's answer when the window is full. */
  const consume = async (name: string, key: string, rate: Rate): Promise<RateLimiterRes | null> => {
    try {
      await (await limiterOf(name, rate)).consume(key);
      return null;
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return rejection;
      throw rejection;
    }
  };

  return {
    async hit(name, key, rate) {
      const refused = await consume(name, key, rate);
      if (refused) throw new RateLimitRefusal(name, refused.msBeforeNext);
    },
    async count(name, key, rate) {
      return (await (await limiterOf(name, rate)).penalty(key)).consumedPoints;
    },
    async uncount(name, key, rate) {
      await (await limiterOf(name, rate)).reward(key);
    },
    async takeOnce(name, key, seconds) {
      return (await consume(name, key, [1, seconds])) === null;
    },
  };
}

/** The 429 answer, Retry-After rounded up to whole seconds (at least 1), naming the limit for the metrics. */
export class RateLimitRefusal extends HttpError {
  constructor(
    readonly limit: string,
    msBeforeNext: number,
  ) {
    const retryAfter = Math.max(1, Math.ceil(msBeforeNext / 1000));
    super(
      429,
      {
        code: REFUSAL_CODES.tooManyRequests,
        message: `Too many requests; try again in ${retryAfter} seconds`,
        retryAfter,
      },
      { "Retry-After": String(retryAfter) },
    );
  }
}

/** A limit as configured, or its default when a test's settings leave it out. */
export function rateOf(limits: RateLimits, name: keyof RateLimits): Rate {
  return limits[name] ?? DEFAULT_RATE_LIMITS[name];
}

/**
 * The client's address as the limits count it: the socket's, or with TRUST_PROXY the entry our
 * proxies wrote; an IPv6 address by its /64 (server/http/public-url.ts).
 */
export function addressOf(c: Context, config: Pick<ServerConfig, "trustProxy">): string {
  let socket: string | undefined;
  try {
    socket = getConnInfo(c).remote.address;
  } catch {
    socket = undefined; // not served by @hono/node-server (app.request in a test)
  }
  return clientAddress(c, config, socket);
}
