/**
 * What the invoice verify form holds, kept in session storage so a reload of
 * upload-invoice/verify-info opens the form as it was. Only the six details are kept, never the
 * file: the receipt stays on the device and leaves this tab with it.
 */
import * as v from "valibot";
import type { InvoiceDetails } from "../../machines/invoice-reading.machine.ts";

const KEY = "invoiceDetails";

const detailsSchema = v.object({
  firstName: v.string(),
  lastName: v.string(),
  invoiceNumber: v.string(),
  email: v.string(),
  phone: v.string(),
  zip: v.string(),
});

export function keepInvoiceDetails(details: InvoiceDetails): void {
  window.sessionStorage.setItem(KEY, JSON.stringify(details));
}

export function forgetInvoiceDetails(): void {
  window.sessionStorage.removeItem(KEY);
}

/** The kept details, or null when none are kept or they no longer parse. */
export function loadInvoiceDetails(): InvoiceDetails | null {
  try {
    const parsed = v.safeParse(detailsSchema, JSON.parse(window.sessionStorage.getItem(KEY) ?? "null"));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}
