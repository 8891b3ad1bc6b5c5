import { createFileRoute, redirect } from "@tanstack/react-router";
import * as v from "valibot";
import { foundNothing, settledPlanSearch } from "../../screens/shared/plan-search-actor.ts";
import { PlansLoading } from "../../screens/select-plan/PlansLoading.tsx";
import { SelectPlanScreen } from "../../screens/select-plan/SelectPlanScreen.tsx";
import { optionalId } from "../-search-params.ts";

/**
 * Select plan (SPEC.md section 2, "Search outcome" and "Select plan"). The search forms send their
 * search and come here; so does a reload. beforeLoad asks planSearch for the plans (after a reload
 * it re-runs the saved search), waits for the outcome, and sends a search that found nothing to
 * no-warranty-found: the screen renders only found plans.
 */
export const Route = createFileRoute("/find-claim/select-plan")({
  validateSearch: v.object({ warranty_id: optionalId, claimId: optionalId }),
  beforeLoad: async ({ context }) => {
    const planSearch = context.planSearch();
    planSearch.send({ type: "plans.requested" });
    const outcome = await settledPlanSearch(planSearch);
    if (foundNothing(outcome)) throw redirect({ to: "/find-claim/not-found" });
  },
  pendingComponent: PlansLoading,
  component: function SelectPlanRoute() {
    return <SelectPlanScreen search={Route.useSearch()} />;
  },
});
