/**
 * The one planSearch actor of the app (DESIGN.md "Machines that outlive one screen"): its try
 * counter and found plans outlive each screen. Navigation and storage are injected here.
 */
import { createActorContext } from "@xstate/react";
import { useRouter } from "@tanstack/react-router";
import { useState, type ReactNode } from "react";
import { fromPromise } from "xstate";
import type { Plan, PlanQuery } from "../../../machines/domain.ts";
import { planSearchMachine, type PlanLink } from "../../../machines/plan-search.machine.ts";
import { fetchAcePlan, fetchPlan, searchPlans } from "../../api/plans.ts";
import { clearSearchInfo, loadSearchInfo, saveSearchInfo } from "../../lib/search-info.ts";

export const PlanSearchActor = createActorContext(planSearchMachine);

/** The plan a link names, when it belongs to the link's customer; else none. */
async function openPlan(link: PlanLink): Promise<Plan[]> {
  if (link.customerId === null) return [];
  const plan = link.planType === "ACE" ? await fetchAcePlan(link.planId, link.customerId) : await fetchPlan(link.planId);
  return plan && plan.customerId === link.customerId ? [plan] : [];
}

export function PlanSearchProvider({ children }: { children: ReactNode }) {
  const router = useRouter();
  const [logic] = useState(() =>
    planSearchMachine.provide({
      actors: {
        searchPlans: fromPromise<Plan[], PlanQuery>(({ input }) => searchPlans(input)),
        openPlan: fromPromise<Plan[], PlanLink>(({ input }) => openPlan(input)),
      },
      actions: {
        // Keeps the current query string, as the spec asks; a plan opened by link is preselected.
        showPlans: (_, { planId }) =>
          void router.navigate({ to: "/find-claim/select-plan", search: (previous) => ({ ...previous, ...(planId && { warranty_id: planId }) }) }),
        showNotFound: () => void router.navigate({ to: "/find-claim/not-found" }),
        saveQuery: (_, params) => saveSearchInfo(params.query),
        forgetQuery: () => clearSearchInfo(),
      },
    }),
  );
  return (
    <PlanSearchActor.Provider logic={logic} options={{ input: { savedQuery: loadSearchInfo() } }}>
      {children}
    </PlanSearchActor.Provider>
  );
}
