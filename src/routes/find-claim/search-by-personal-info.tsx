import { createFileRoute } from "@tanstack/react-router";
import { loadPlanSearch } from "../../screens/shared/plan-search-slot.ts";
import { PersonalInfoScreen } from "../../screens/plan-search/PersonalInfoScreen.tsx";

export const Route = createFileRoute("/find-claim/search-by-personal-info")({ beforeLoad: loadPlanSearch, component: PersonalInfoScreen });
