import { createFileRoute } from "@tanstack/react-router";
import { loadPlanSearch } from "../../screens/plan-search/plan-search-slot.ts";
import { SelectSearchMethodScreen } from "../../screens/plan-search/SelectSearchMethodScreen.tsx";

export const Route = createFileRoute("/find-claim/select-search-method")({ beforeLoad: loadPlanSearch, component: SelectSearchMethodScreen });
