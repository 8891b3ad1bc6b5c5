import { createFileRoute } from "@tanstack/react-router";
import * as v from "valibot";
import { OpenPlanScreen } from "../../screens/plan-search/OpenPlanScreen.tsx";
import { optionalId } from "../-search-params.ts";

export const Route = createFileRoute("/find-claim/$warrnty_id")({
  validateSearch: v.object({ customer_id: optionalId, plan_type: v.optional(v.unknown()) }),
  component: function OpenPlanRoute() {
    const { warrnty_id } = Route.useParams();
    const { customer_id, plan_type } = Route.useSearch();
    return <OpenPlanScreen planId={warrnty_id} customerId={customer_id ?? null} planType={plan_type} />;
  },
});
