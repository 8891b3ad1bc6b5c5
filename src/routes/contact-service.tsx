import { createFileRoute, redirect } from "@tanstack/react-router";
import * as v from "valibot";
import { ContactServiceWizard } from "../screens/contact-service/ContactServiceWizard.tsx";
import { optionalStep } from "./-search-params.ts";

/** A request id of the URL: a UUID in lower case, as the API takes it (contract/schemas.ts `requestIdSchema`), else undefined. */
const optionalRequestId = v.pipe(
  v.optional(v.unknown()),
  v.transform((value) => (typeof value === "string" && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value) ? value : undefined)),
);
const optionalTicket = v.pipe(
  v.optional(v.unknown()),
  v.transform((value) => (typeof value === "string" && /^[A-Za-z0-9-]{1,40}$/.test(value) ? value : undefined)),
);

export const Route = createFileRoute("/contact-service")({
  validateSearch: v.object({ step: optionalStep, id: optionalRequestId, ticket: optionalTicket }),
  // A request needs an id: without one, a new request opens at step 1 (SPEC.md section 2).
  beforeLoad: ({ search }) => {
    if (!search.id) throw redirect({ to: "/contact-service", search: { step: 1, id: crypto.randomUUID() }, replace: true });
  },
  component: function ContactServiceRoute() {
    const { step, id, ticket } = Route.useSearch();
    if (!id) return null;
    // Keyed by request, so opening another one starts afresh.
    return <ContactServiceWizard key={id} requestId={id} step={step ?? null} ticket={ticket ?? null} />;
  },
});
