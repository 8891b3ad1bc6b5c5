/**
 * Rate limits against enumeration (issue 9): search_plan per client address and per searched name
 * or number, plan lookups per client address. Fixed windows in memory: enough for one process;
 * several instances behind a balancer each count their own share (SECURITY.md says what a real
 * deployment adds). Refusals are 429 with Retry-After in seconds.
 */
import type { Context } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { ServerConfig } from "./config.ts";
import { HttpError } from "./http-errors.ts";
import { clientAddress } from "./public-url.ts";

/** Most keys remembered; past it, expired windows are dropped (and, if need be, the oldest). */
const MAX_KEYS = 50_000;

export interface RateLimiter {
  /**
   * Counts one request under a key.
   * @param rule [requests allowed, window in seconds]
   * @throws HttpError 429 TOO_MANY_REQUESTS with Retry-After when the window is full
   */
  hit(key: string, rule: readonly [number, number]): void;
}

/** A limiter with its own counters. */
export function createRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const prune = (at: number) => {
    for (const [key, window] of windows) if (window.resetAt <= at) windows.delete(key);
    for (const key of windows.keys()) {
      if (windows.size <= MAX_KEYS) break;
      windows.delete(key);
    }
  };
  return {
    hit(key, [limit, seconds]) {
      const at = now();
      let window = windows.get(key);
      if (!window || window.resetAt <= at) {
        if (windows.size >= MAX_KEYS) prune(at);
        window = { count: 0, resetAt: at + seconds * 1000 };
        windows.set(key, window);
      }
      window.count += 1;
      if (window.count > limit) {
        const retryAfter = Math.max(1, Math.ceil((window.resetAt - at) / 1000));
        throw new HttpError(429, {
          code: "TOO_MANY_REQUESTS",
          message: `Too many requests; try again in ${retryAfter} seconds`,
          retryAfter,
        }, { "Retry-After": String(retryAfter) });
      }
    },
  };
}

/** The client's address as the limits count it (the socket's, or X-Forwarded-For with TRUST_PROXY). */
export function addressOf(c: Context, config: Pick<ServerConfig, "trustProxy">): string {
  let socket: string | undefined;
  try {
    socket = getConnInfo(c).remote.address;
  } catch {
    socket = undefined; // not served by @hono/node-server (app.request in a test)
  }
  return clientAddress(c, config, socket);
}
