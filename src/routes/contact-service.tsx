import { createFileRoute, redirect } from "@tanstack/react-router";
import { draftReadableHere } from "../lib/contact-draft.ts";
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
  // The kept draft's cookie is scoped to this path and read for the address the page was loaded
  // from: coming from another page of the portal (the not-found screen's Contact Service) while a
  // draft is kept, this page is loaded afresh, in place of the history entry just made, so the draft
  // can be found. Without one, it stays a move within the app.
  beforeLoad: ({ search, preload }) => {
    if (!preload && !draftReadableHere()) throw redirect({ to: "/contact-service", search, reloadDocument: true, replace: true });
  },
  // Which request opens, the kept one or a new one, is the machine's choice (requestIdOf); the first
  // step shown writes its id into the URL (SPEC.md section 2: a missing id opens step 1).
  component: function ContactServiceRoute() {
    const { step, id, ticket } = Route.useSearch();
    return <ContactServiceWizard requestId={id ?? null} step={step ?? null} ticket={ticket ?? null} />;
  },
});
