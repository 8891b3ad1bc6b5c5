import { createFileRoute, redirect } from "@tanstack/react-router";
import * as v from "valibot";
import { foundNothing, settledPlanSearch } from "../../screens/shared/plan-search-actor.ts";
import type { PlanLink } from "../../../machines/plan-search.machine.ts";
import { NoWarrantyFoundScreen } from "../../screens/plan-search/NoWarrantyFoundScreen.tsx";
import { OpenPlanScreen } from "../../screens/plan-search/OpenPlanScreen.tsx";
import { optionalId } from "../-search-params.ts";

/** The link as the machine reads it: a numeric id (else 0, which finds nothing), the type upper-cased. */
function planLinkOf(planId: string, customerId: number | undefined, planType: unknown): PlanLink {
  return {
    planId: /^\d+$/.test(planId) ? Number(planId) : 0,
    customerId: customerId ?? null,
    planType: typeof planType === "string" ? planType.trim().toUpperCase() : null,
  };
}

/**
 * A link to one plan (SPEC.md section 2, "Open plan by id"). Its beforeLoad runs once per
 * navigation, so one link is one search for the try counter: it hands the link to planSearch, waits
 * for the outcome and redirects to select-plan (the plan preselected, the query string kept) or to
 * no-warranty-found; only a pause of the API's ('Too many searches') is shown here, at the link.
 */
export const Route = createFileRoute("/find-claim/$warrnty_id")({
  validateSearch: v.object({ customer_id: optionalId, plan_type: v.optional(v.unknown()) }),
  beforeLoad: async ({ context, params, search }) => {
    const planSearch = context.planSearch();
    planSearch.send({ type: "plan.open", link: planLinkOf(params.warrnty_id, search.customer_id, search.plan_type) });
    const outcome = await settledPlanSearch(planSearch);
    // Paused by the API (HTTP 429): the wait is shown at the link's own address, so a reload after
    // it opens the link again; a signed link keeps its signature (server/routes/plan-link.ts).
    if (outcome.matches("rateLimited")) return;
    if (foundNothing(outcome)) throw redirect({ to: "/find-claim/not-found" });
    const planId = outcome.context.focusPlanId;
    throw redirect({
      to: "/find-claim/select-plan",
      search: (previous) => ({ ...previous, ...(planId && { warranty_id: planId }) }),
    });
  },
  pendingComponent: OpenPlanScreen,
  component: NoWarrantyFoundScreen,
});
