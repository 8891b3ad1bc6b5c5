/**
 * The one planSearch actor of the app (DESIGN.md "Machines that outlive one screen"): its try
 * counter and found plans outlive each screen. Navigation and storage are injected here.
 */
import { createActorContext } from "@xstate/react";
import { useRouter } from "@tanstack/react-router";
import { useState, type ReactNode } from "react";
import { fromPromise } from "xstate";
import type { Plan, PlanQuery } from "../../../machines/domain.ts";
import { planSearchMachine } from "../../../machines/plan-search.machine.ts";
import { searchPlans } from "../../api/plans.ts";
import { clearSearchInfo, loadSearchInfo, saveSearchInfo } from "../../lib/search-info.ts";

export const PlanSearchActor = createActorContext(planSearchMachine);

export function PlanSearchProvider({ children }: { children: ReactNode }) {
  const router = useRouter();
  const [logic] = useState(() =>
    planSearchMachine.provide({
      actors: { searchPlans: fromPromise<Plan[], PlanQuery>(({ input }) => searchPlans(input)) },
      actions: {
        // Keeps the current query string, as the spec asks.
        showPlans: () => void router.navigate({ to: "/find-claim/select-plan", search: (previous) => previous }),
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
