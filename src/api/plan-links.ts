/**
 * GET /plan_link/{id}?customer_id=..&plan_type=..: the plan a link names (SPEC.md section 2, "Open
 * plan by id"; docs/api.md). The API opens it when this browser's session already holds it (a
 * search, a signed link) or, unless the server requires signed links, when it is that customer's
 * plan of that family, and grants it to this browser as a warranty-number search would.
 */
import { searchPlanResponseSchema } from "../../contract/schemas.ts";
import type { Plan } from "../../machines/domain.ts";
import { http, statusOf, withCallFailure } from "./http.ts";
import { toPlan } from "./plans.ts";

/** A link's plan id, customer id and plan type as SPEC.md spells them in the link. */
export interface PlanLinkQuery {
  planId: number;
  customerId: number;
  /** FPP or ACE. */
  planType: string;
}

/**
 * Opens a plan link.
 * @returns the plan, or null when the link opens nothing (HTTP 404)
 * @throws CallFailed for any other failure (rateLimited for an HTTP 429: too many failed links or searches)
 */
export async function openPlanLink(link: PlanLinkQuery): Promise<Plan | null> {
  return withCallFailure(async () => {
    try {
      const searchParams = { customer_id: link.customerId, plan_type: link.planType };
      const body = await http.get(`plan_link/${link.planId}`, { searchParams }).json(searchPlanResponseSchema);
      const plan = body.customers[0];
      return plan ? toPlan(plan) : null;
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
  });
}
