/**
 * A link to one plan (SPEC.md section 2, "Open plan by id"): hands the link to the planSearch
 * machine, which loads the plan and goes to select-plan, or to no-warranty-found.
 */
import { Trans } from "@lingui/react/macro";
import { useEffect } from "react";
import { PlanSearchActor } from "./plan-search-actor.tsx";

export function OpenPlanScreen({ planId, customerId, planType }: { planId: string; customerId: number | null; planType: unknown }) {
  const planSearch = PlanSearchActor.useActorRef();
  useEffect(() => {
    const id = /^\d+$/.test(planId) ? Number(planId) : 0;
    planSearch.send({ type: "plan.open", link: { planId: id, customerId, planType: typeof planType === "string" ? planType.trim().toUpperCase() : null } });
  }, [planSearch, planId, customerId, planType]);
  return (
    <section className="screen">
      <p role="status" className="loading">
        <Trans>Opening your plan…</Trans>
      </p>
    </section>
  );
}
