/**
 * The demo invoices and receipts (made by scripts/make-invoice-fixtures.ts into
 * test/fixtures/invoices/), as the QA table and the journeys choose them.
 */
import { fileURLToPath } from "node:url";

const fixture = (name: string) => ({
  name,
  path: fileURLToPath(new URL(`../fixtures/invoices/${name}`, import.meta.url)),
});

export const INVOICE_FIXTURES = {
  /** Jane Doe's printed invoice INV-100234, photographed with a phone: plan W-E34-WS4566. */
  janePhoto: fixture("jane-doe-invoice.jpg"),
  /** Carlos Rivera's emailed invoice INV-200871, a text-layer PDF: plans W-K77-AB1020 and W-K77-AB1021. */
  carlosPdf: fixture("carlos-rivera-invoice.pdf"),
};
