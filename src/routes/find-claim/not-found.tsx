import { createFileRoute } from "@tanstack/react-router";
import { loadPlanSearch } from "../../screens/shared/plan-search-slot.ts";
import { NoWarrantyFoundScreen } from "../../screens/plan-search/NoWarrantyFoundScreen.tsx";

export const Route = createFileRoute("/find-claim/not-found")({ beforeLoad: loadPlanSearch, component: NoWarrantyFoundScreen });
