import { createFileRoute } from "@tanstack/react-router";
import * as v from "valibot";
import { ACE_CLAIM } from "../../screens/claim-wizard/ace-claim-family.tsx";
import { loadAceClaim, loadForRoute, ONE_LOAD_PER_CLAIM } from "../../screens/claim-wizard/claim-loads.ts";
import { ClaimWizard } from "../../screens/claim-wizard/ClaimWizard.tsx";
import { ClaimNotFound } from "../../screens/shared/ClaimNotFound.tsx";
import { preloadStepScreen } from "../../screens/claim-wizard/step-screens.tsx";
import { optionalId, optionalStep } from "../-search-params.ts";

export const Route = createFileRoute("/find-claim/create-ace-claim")({
  validateSearch: v.object({ step: optionalStep, claimId: optionalId, warranty_id: optionalId, cust_id: optionalId }),
  // As create-claim's: the claim's calls start with the route, once per claim.
  // The step's screen starts loading with the route's own code, not once the wizard renders.
  beforeLoad: ({ search }) => preloadStepScreen("ace", search.step),
  loaderDeps: ({ search }) => ({ claimId: search.claimId, planId: search.warranty_id, customerId: search.cust_id }),
  loader: ({ deps: { claimId, planId, customerId }, context: { serverCalls } }) =>
    loadForRoute(loadAceClaim, claimId && planId && customerId ? { claimId, planId, customerId } : null, serverCalls),
  ...ONE_LOAD_PER_CLAIM,
  component: function CreateAceClaimRoute() {
    const { step, claimId, warranty_id, cust_id } = Route.useSearch();
    const { startedLoad, loaded } = Route.useLoaderData();
    if (!claimId || !warranty_id || !cust_id) return <ClaimNotFound />;
    // Keyed by claim, so opening another claim starts a fresh wizard.
    return (
      <ClaimWizard
        key={`${claimId}-${warranty_id}-${cust_id}`}
        table={ACE_CLAIM}
        claimId={claimId}
        planId={warranty_id}
        customerId={cust_id}
        step={step ?? null}
        startedLoad={startedLoad}
        loaded={loaded}
      />
    );
  },
});
