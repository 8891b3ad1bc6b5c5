import { createFileRoute } from "@tanstack/react-router";
import { loadPlanSearch } from "../../screens/shared/plan-search-slot.ts";
import { SelectSearchMethodScreen } from "../../screens/plan-search/SelectSearchMethodScreen.tsx";

/**
 * The first screen of a search. Its planSearch actor loads in the loader, beside the screen's own
 * code rather than before it (a beforeLoad would chain the two downloads).
 */
export const Route = createFileRoute("/find-claim/select-search-method")({ loader: loadPlanSearch, component: SelectSearchMethodScreen });
