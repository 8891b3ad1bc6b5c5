import { createFileRoute } from "@tanstack/react-router";
import * as v from "valibot";
import { RefusedLink } from "../../screens/errors/RefusedLink.tsx";

/** Where an emailed finish-later link that cannot open lands, with why (server/routes/finish-later.ts). */
export const Route = createFileRoute("/find-claim/link-refused")({
  validateSearch: v.object({ reason: v.fallback(v.picklist(["expired", "invalid", "closed"]), "invalid") }),
  component: function LinkRefusedRoute() {
    return <RefusedLink reason={Route.useSearch().reason} />;
  },
});
