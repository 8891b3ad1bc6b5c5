import { createFileRoute } from "@tanstack/react-router";
import { PersonalInfoScreen } from "../../screens/plan-search/PersonalInfoScreen.tsx";

export const Route = createFileRoute("/find-claim/search-by-personal-info")({ component: PersonalInfoScreen });
