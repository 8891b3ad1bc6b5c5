import { createFileRoute } from "@tanstack/react-router";
import { SelectSearchMethodScreen } from "../../screens/plan-search/SelectSearchMethodScreen.tsx";

/** The first screen of a search. */
export const Route = createFileRoute("/find-claim/select-search-method")({ component: SelectSearchMethodScreen });
