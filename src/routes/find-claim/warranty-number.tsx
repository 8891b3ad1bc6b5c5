import { createFileRoute } from "@tanstack/react-router";
import { loadPlanSearch } from "../../screens/shared/plan-search-slot.ts";
import { WarrantyNumberScreen } from "../../screens/plan-search/WarrantyNumberScreen.tsx";

export const Route = createFileRoute("/find-claim/warranty-number")({ beforeLoad: loadPlanSearch, component: WarrantyNumberScreen });
