/**
 * Plan links count under the searches' limit (SECURITY.md "Plan links"): each attempt to open one
 * counts as a failed search until it opens, so links cannot be tried one after another to find plans.
 */
import type { ServerConfig } from "../config.ts";
import type { RateLimiter } from "./rate-limit.ts";

/** One attempt to open a link, counted as failed until `opened` takes it back. */
export interface LinkAttempt {
  /** The link opened, or was handed on to the portal's call, which counts it itself: it no longer counts here. */
  opened(): Promise<void>;
}

/**
 * Counts an attempt from a client address under the searches' limit.
 * @param rate the searches' rate (ServerConfig.rateLimits.searchPerAddress)
 * @throws HttpError 429 TOO_MANY_REQUESTS with Retry-After when the address's window is full;
 *   nothing is looked at then, so a full window tells nothing about any link
 */
export async function countLinkAttempt(
  limiter: RateLimiter,
  address: string,
  rate: ServerConfig["rateLimits"]["searchPerAddress"],
): Promise<LinkAttempt> {
  await limiter.hit("search", address, rate);
  return { opened: () => limiter.uncount("search", address, rate) };
}
