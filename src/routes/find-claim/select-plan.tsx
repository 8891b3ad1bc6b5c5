import { createFileRoute } from "@tanstack/react-router";
import * as v from "valibot";
import { SelectPlanScreen } from "../../screens/select-plan/SelectPlanScreen.tsx";
import { optionalId } from "../-search-params.ts";

export const Route = createFileRoute("/find-claim/select-plan")({
  validateSearch: v.object({ warranty_id: optionalId, claimId: optionalId }),
  component: function SelectPlanRoute() {
    return <SelectPlanScreen search={Route.useSearch()} />;
  },
});
