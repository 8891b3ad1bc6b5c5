import { createFileRoute } from "@tanstack/react-router";
import { SelectSearchMethodScreen } from "../../screens/plan-search/SelectSearchMethodScreen.tsx";

/**
 * The first screen of a search, and the first app page of nearly every visit (the welcome page's
 * Start leads here); the build renders it whole and the app hydrates it (contract/rendered-routes.ts).
 * Its component is not split from the startup code (no code-split groupings): hydrating it, or
 * drawing it after Back, then needs no further level of requests after the startup scripts.
 */
export const Route = createFileRoute("/find-claim/select-search-method")({
  codeSplitGroupings: [],
  component: SelectSearchMethodScreen,
});
