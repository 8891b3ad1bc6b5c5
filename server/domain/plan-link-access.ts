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
import type { Language } from "./lookup-names.ts";
import { familyOf } from "./plan-family.ts";
import { loadPlans } from "./plan-queries.ts";

/**
 * The first random customer id (server/db/migrations/006_random_ids.sql): ids below it were made one
 * by one before random ids, so a link naming one is guessable and opens only signed.
 */
const FIRST_RANDOM_ID = 100_000_000_000;

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
