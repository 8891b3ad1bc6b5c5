import { createFileRoute } from "@tanstack/react-router";
import * as v from "valibot";
import { ClaimWizard } from "../../screens/claim-wizard/ClaimWizard.tsx";
import { ACE_CLAIM } from "../../screens/claim-wizard/ace-claim-family.tsx";
import { ClaimNotFound } from "../../screens/errors/ClaimNotFound.tsx";
import { optionalId, optionalStep } from "../-search-params.ts";

export const Route = createFileRoute("/find-claim/create-ace-claim")({
  validateSearch: v.object({ step: optionalStep, claimId: optionalId, warranty_id: optionalId, cust_id: optionalId }),
  component: function CreateAceClaimRoute() {
    const { step, claimId, warranty_id, cust_id } = Route.useSearch();
    if (!claimId || !warranty_id || !cust_id) return <ClaimNotFound />;
    // Keyed by claim, so opening another claim starts a fresh wizard.
    return <ClaimWizard key={`${claimId}-${warranty_id}-${cust_id}`} table={ACE_CLAIM} claimId={claimId} planId={warranty_id} customerId={cust_id} step={step ?? null} />;
  },
});
