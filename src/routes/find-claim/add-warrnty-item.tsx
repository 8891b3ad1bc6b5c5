import { createFileRoute } from "@tanstack/react-router";
import * as v from "valibot";
import { ClaimNotFound } from "../../screens/shared/ClaimNotFound.tsx";
import { MissingItemScreen } from "../../screens/missing-item/MissingItemScreen.tsx";
import { optionalId, optionalStep } from "../-search-params.ts";

export const Route = createFileRoute("/find-claim/add-warrnty-item")({
  validateSearch: v.object({ step: optionalStep, claimId: optionalId, warranty_id: optionalId }),
  component: function AddMissingItemRoute() {
    const { claimId, warranty_id } = Route.useSearch();
    if (!claimId || !warranty_id) return <ClaimNotFound />;
    return <MissingItemScreen claimId={claimId} planId={warranty_id} />;
  },
});
