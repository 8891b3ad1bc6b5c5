/**
 * What opening a plan link may do (SECURITY.md, "Plan links"): which links open under
 * PLAN_LINKS, the plan a link names when it truly is that customer's plan of that family, and the
 * count of attempts. An attempt counts under the plan searches' own limit (RATE_LIMIT_SEARCH, name
 * "search") as failed before it runs and is taken back when the link opens, so links cannot be
 * walked faster than searches, and a person who fails too often meets the same 429 as a search.
 */
import type { WirePlan } from "../../contract/schemas.ts";
import type { ServerConfig } from "../config.ts";
import type { Queryable } from "../db/db.ts";
import type { Language } from "../http/language.ts";
import { familyOf } from "./plan-family.ts";
import { loadPlans } from "./plan-queries.ts";
import type { RateLimiter } from "../http/rate-limit.ts";

/**
 * The first random customer id (server/db/migrations/006_random_ids.sql): ids below it were made one
 * by one before random ids, so a link naming one is guessable and opens only signed.
 */
export const FIRST_RANDOM_ID = 100_000_000_000;

/** A link as the portal reads it: `/find-claim/{planId}?customer_id={customerId}&plan_type={planType}`. */
export interface LinkTarget {
  planId: number;
  customerId: number;
  /** FPP or ACE (any case); anything else names no plan. */
  planType: string;
}

/**
 * Whether a link without a signature may open its plan: PLAN_LINKS=unsigned (the default) and a
 * random customer id, the link's only secret.
 */
export function opensUnsigned(config: Pick<ServerConfig, "planLinks">, customerId: number): boolean {
  return config.planLinks === "unsigned" && customerId >= FIRST_RANDOM_ID;
}

/**
 * The plan a link names when it is that customer's plan of that family, in the given language;
 * null otherwise (no such plan, another customer's, another family, an unknown type).
 */
export async function linkedPlan(db: Queryable, link: LinkTarget, language: Language): Promise<WirePlan | null> {
  const family = link.planType.toUpperCase();
  if (family !== "FPP" && family !== "ACE") return null;
  const [plan] = await loadPlans(db, [link.planId], language);
  return plan && plan.customerId === link.customerId && familyOf(plan.planType) === family.toLowerCase() ? plan : null;
}

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
export async function countLinkAttempt(limiter: RateLimiter, address: string, rate: ServerConfig["rateLimits"]["searchPerAddress"]): Promise<LinkAttempt> {
  await limiter.hit("search", address, rate);
  return { opened: () => limiter.uncount("search", address, rate) };
}
