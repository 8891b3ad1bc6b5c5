import { createFileRoute } from "@tanstack/react-router";
import { SelectSearchMethodScreen } from "../../screens/plan-search/SelectSearchMethodScreen.tsx";

/**
 * The first screen of a search, and the first app page of nearly every visit (the welcome page's
 * Start leads here). Its component is not split from the startup code (no code-split groupings):
 * split off, its 1 kB cost the page a second level of requests after the startup scripts, about
 * 220 ms of LCP in Lighthouse's mobile run (`npm run bench`).
 */
export const Route = createFileRoute("/find-claim/select-search-method")({ codeSplitGroupings: [], component: SelectSearchMethodScreen });
