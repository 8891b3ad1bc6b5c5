/**
 * The contact-service wizard's actors (machines/contact-service.machine.ts) over
 * src/api/contact-service.ts. Each call goes through a client ended by the actor's signal, so
 * Cancel under 'Still working…' (the machine leaving the state) ends it.
 */
import { fromPromise } from "xstate";
import type { TicketRequest } from "../../../machines/contact-service.machine.ts";
import { createContactTicket, deleteContactDocument } from "../../api/contact-service.ts";
import { endedBy } from "../../api/http.ts";
import { rememberTicket } from "../../lib/received-tickets.ts";

export const contactServiceActors = {
  deleteDocument: fromPromise<void, { requestId: string; documentId: number }>(({ input, signal }) =>
    deleteContactDocument(input.requestId, input.documentId, endedBy(signal)),
  ),
  // The thank-you page shows only a Request Number this tab was answered (received-tickets.ts).
  createTicket: fromPromise<string, TicketRequest>(async ({ input, signal }) => {
    const ticket = await createContactTicket(input, endedBy(signal));
    rememberTicket(ticket);
    return ticket;
  }),
};
