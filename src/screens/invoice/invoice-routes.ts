/**
 * What the invoice search's routes do before their screens render (DESIGN.md: routes
 * orchestrate machines in beforeLoad). Both load planSearch, whose searches the invoice search
 * starts, and the invoiceReading actor of the app. A route's beforeLoad is part of the route tree,
 * which every page loads: the actor (its machine) is imported here only when it runs, so it stays
 * out of the app shell.
 */
import { redirect } from "@tanstack/react-router";
import type { RouterContext } from "../shared/router-context.ts";
import type { InvoiceReadingActorRef } from "./invoice-reading-actor.ts";

async function invoiceReadingOf(context: RouterContext): Promise<InvoiceReadingActorRef> {
  const { invoiceReadingFor } = await import("./invoice-reading-actor.ts");
  return invoiceReadingFor(context.planSearch());
}

/**
 * upload-invoice and scan-upload-invoice: choosing a file. Coming back here (browser Back from the
 * form, or while reading) leaves the reading or the form: the next file starts afresh.
 */
export async function openInvoiceChoice({ context }: { context: RouterContext }): Promise<void> {
  const invoiceReading = await invoiceReadingOf(context);
  invoiceReading.send({ type: "reading.cancel" });
  invoiceReading.send({ type: "file.change" });
}

/**
 * upload-invoice/verify-info: the reading, then the form. Coming back after a search (Try Again,
 * Back) opens the form as it was sent; with no file chosen (a link, a reload while reading) the
 * consumer starts at upload-invoice.
 * @throws redirect to upload-invoice when there is nothing to verify
 */
export async function openVerifyForm({ context }: { context: RouterContext }): Promise<void> {
  const invoiceReading = await invoiceReadingOf(context);
  invoiceReading.send({ type: "details.edit" });
  if (invoiceReading.getSnapshot().matches("choosing"))
    throw redirect({ to: "/find-claim/upload-invoice", replace: true });
}
