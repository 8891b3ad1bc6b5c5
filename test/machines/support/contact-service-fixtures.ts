/** Contact-service fixtures: a complete customer, purchase and document, and the machine's input. */
import type { CustomerDetails, PurchaseDetails } from "../../../machines/contact-service-rules.ts";
import type { ContactServiceInput } from "../../../machines/contact-service.machine.ts";
import type { ClaimDocument } from "../../../machines/domain.ts";

export const REQUEST_ID = "5f0c3a2e-8d1b-4f7a-9c1e-2b3d4e5f6a7b";
/** The id the screen mints for a new request. */
export const NEW_REQUEST_ID = "9e8d7c6b-5a49-4382-a716-d5c4b3a29180";

export const fullCustomer: CustomerDetails = {
  name: "Jane Doe",
  email: "jane.doe@example.com",
  phone: "(212) 555-0134",
  address: "350 5th Ave",
  city: "New York",
  state: "NY",
  zipCode: "10118",
};

export const fullPurchase: PurchaseDetails = {
  invoice: "INV-100234",
  purchaseDate: "2024-03-15",
  storeName: "Furniture Mart",
  storePhone: "(212) 555-0199",
  storeAddress: "1 Main St",
  storeCity: "New York",
  storeState: "NY",
  storeZip: "10001",
  itemsExchanged: "no",
};

export const invoicePdf: ClaimDocument = { id: 71, fileName: "a1b2c3d4-invoice.pdf" };

export const contactInput = (overrides: Partial<ContactServiceInput> = {}): ContactServiceInput => ({
  requestId: REQUEST_ID,
  newRequestId: NEW_REQUEST_ID,
  requestedStep: 1,
  ticket: null,
  draft: null,
  prefill: {},
  ...overrides,
});

/** A draft kept on the device with everything filled in. */
export const completeDraft = {
  requestId: REQUEST_ID,
  customer: fullCustomer,
  purchase: fullPurchase,
  documents: [invoicePdf],
};
