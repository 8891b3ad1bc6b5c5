import { createFileRoute, redirect } from "@tanstack/react-router";
import { draftReadableHere } from "../lib/contact-draft.ts";
import * as v from "valibot";
import { requestIdSchema } from "../../contract/schemas.ts";
import { ContactServiceWizard } from "../screens/contact-service/ContactServiceWizard.tsx";
import { optionalStep } from "./-search-params.ts";

/** A request id of the URL: one the API takes (contract/schemas.ts `requestIdSchema`), else undefined. */
const optionalRequestId = v.pipe(
  v.optional(v.unknown()),
  v.transform((value) => (v.is(requestIdSchema, value) ? value : undefined)),
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
    // SPEC.md section 2: a missing id opens step 1 (the confirmation, which names its ticket, aside).
    if (search.id === undefined && search.ticket === undefined && search.step !== undefined && search.step !== 1) {
      throw redirect({ to: "/contact-service", search: { step: 1 }, replace: true });
    }
    if (!preload && !draftReadableHere())
      throw redirect({ to: "/contact-service", search, reloadDocument: true, replace: true });
  },
  // Which request opens, the kept one or a new one, is the machine's choice (requestIdOf); the first
  // step shown writes its id into the URL (SPEC.md section 2: a missing id opens step 1).
  component: function ContactServiceRoute() {
    const { step, id, ticket } = Route.useSearch();
    return <ContactServiceWizard requestId={id ?? null} step={step ?? null} ticket={ticket ?? null} />;
  },
});
