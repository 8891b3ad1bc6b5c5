import { createFileRoute } from "@tanstack/react-router";
import * as v from "valibot";
import { ClaimWizard } from "../../screens/claim-wizard/ClaimWizard.tsx";
import { FPP_CLAIM } from "../../screens/claim-wizard/fpp-claim-family.tsx";
import { ClaimNotFound } from "../../screens/errors/ClaimNotFound.tsx";
import { optionalId, optionalStep } from "../-search-params.ts";

export const Route = createFileRoute("/find-claim/create-claim")({
  validateSearch: v.object({ step: optionalStep, claimId: optionalId, warranty_id: optionalId }),
  component: function CreateClaimRoute() {
    const { step, claimId, warranty_id } = Route.useSearch();
    if (!claimId || !warranty_id) return <ClaimNotFound />;
    // Keyed by claim, so opening another claim starts a fresh wizard.
    return <ClaimWizard key={`${claimId}-${warranty_id}`} table={FPP_CLAIM} claimId={claimId} planId={warranty_id} customerId={null} step={step ?? null} />;
  },
});
