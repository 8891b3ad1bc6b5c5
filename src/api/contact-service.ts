/**
 * Contact-service calls. SPEC.md section 7 says the ticket is created on final submit but does not
 * show the call; these stand in for the real service's unpublished one (docs/api.md): where a
 * request's documents go (their upload calls are uploads.ts), deleting one, and the ticket. Wire
 * names (snake_case `customerDetails`/`purchaseDetails` of SPEC.md section 3) stay here.
 */
import type { TicketRequest } from "../../machines/contact-service.machine.ts";
import { config } from "../config.ts";
import { phoneDigits } from "../../machines/contact-rules.ts";
import type { UploadDestination } from "./documents.ts";
import { http, withCallFailure, type ApiClient } from "./http.ts";
import { contactTicketResponseSchema, messageSchema, type ContactTicketRequest } from "../../contract/schemas.ts";

/** Where the request's documents go: stored under contact_service/{requestId}/, linked to the request. */
export function contactRequestDestination(requestId: string): UploadDestination {
  return { kind: "contactRequest", requestId };
}

/** DELETE /contact_service/documents/{id}?requestId=: a document of a request not yet sent. @throws CallFailed */
export async function deleteContactDocument(
  requestId: string,
  documentId: number,
  client: ApiClient = http,
): Promise<void> {
  await withCallFailure(() =>
    client.delete(`contact_service/documents/${documentId}`, { searchParams: { requestId } }).json(messageSchema),
  );
}

/** POST /contact_service_ticket: sends the request; resolves to its Request Number. */
export async function createContactTicket(request: TicketRequest, client: ApiClient = http): Promise<string> {
  const { customer, purchase } = request;
  const body: ContactTicketRequest = {
    request_id: request.requestId,
    customerDetails: {
      name: customer.name.trim(),
      email: customer.email.trim(),
      phone: phoneDigits(customer.phone),
      address: customer.address.trim(),
      city: customer.city.trim(),
      state: customer.state.trim().toUpperCase(),
      zip_code: customer.zipCode.trim(),
    },
    purchaseDetails: {
      invoice: purchase.invoice.trim(),
      date_of_purchase: purchase.purchaseDate,
      store_name: purchase.storeName.trim(),
      store_phone: phoneDigits(purchase.storePhone),
      store_address: purchase.storeAddress.trim(),
      store_city: purchase.storeCity.trim(),
      store_state: purchase.storeState.trim().toUpperCase(),
      store_zip: purchase.storeZip.trim(),
      were_any_items_exchanged: purchase.itemsExchanged === "yes",
    },
    documents: request.documentIds,
  };
  const answer = await client.post("contact_service_ticket", { json: body }).json(contactTicketResponseSchema);
  return answer.ticket;
}

/** Public address of a request's document: base + contact_service/{requestId}/{fileName}. */
export function contactDocumentUrl(requestId: string, fileName: string): string {
  const base = config.publicStorageUrl.endsWith("/") ? config.publicStorageUrl : `${config.publicStorageUrl}/`;
  return `${base}contact_service/${encodeURIComponent(requestId)}/${encodeURIComponent(fileName)}`;
}
