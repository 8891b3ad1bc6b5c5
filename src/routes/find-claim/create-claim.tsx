import { createFileRoute } from "@tanstack/react-router";
import * as v from "valibot";
import { ClaimWizard } from "../../screens/claim-wizard/ClaimWizard.tsx";
import { loadForRoute, loadFppClaim, ONE_LOAD_PER_CLAIM } from "../../screens/claim-wizard/claim-loads.ts";
import { FPP_CLAIM } from "../../screens/claim-wizard/fpp-claim-family.tsx";
import { ClaimNotFound } from "../../screens/shared/ClaimNotFound.tsx";
import { preloadStepScreen } from "../../screens/claim-wizard/step-screens.tsx";
import { optionalId, optionalStep } from "../-search-params.ts";

export const Route = createFileRoute("/find-claim/create-claim")({
  validateSearch: v.object({ step: optionalStep, claimId: optionalId, warranty_id: optionalId }),
  // The claim's calls start with the route, beside its screen's code, rather than once the wizard
  // has rendered; the wizard's machine takes them as its first load.
  // The step's screen starts loading with the route's own code, not once the wizard renders.
  beforeLoad: ({ search }) => preloadStepScreen("fpp", search.step),
  loaderDeps: ({ search }) => ({ claimId: search.claimId, planId: search.warranty_id }),
  loader: ({ deps: { claimId, planId }, context: { serverCalls } }) =>
    loadForRoute(loadFppClaim, claimId && planId ? { claimId, planId, customerId: null } : null, serverCalls),
  ...ONE_LOAD_PER_CLAIM,
  component: function CreateClaimRoute() {
    const { step, claimId, warranty_id } = Route.useSearch();
    const { startedLoad, loaded } = Route.useLoaderData();
    if (!claimId || !warranty_id) return <ClaimNotFound />;
    // Keyed by claim, so opening another claim starts a fresh wizard.
    return (
      <ClaimWizard
        key={`${claimId}-${warranty_id}`}
        table={FPP_CLAIM}
        claimId={claimId}
        planId={warranty_id}
        customerId={null}
        step={step ?? null}
        startedLoad={startedLoad}
        loaded={loaded}
      />
    );
  },
});
