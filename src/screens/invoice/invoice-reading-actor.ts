/**
 * The app's invoiceReading actor: one per planSearch actor, so one per app (and per
 * rendered test app), made when a route of the invoice search first asks for it. It starts its
 * searches on that planSearch, so the try counter counts them like the other searches. The reader
 * (pdf.js, tesseract.js and their workers) is imported only when a file is chosen.
 */
import { useRouteContext } from "@tanstack/react-router";
import { createActor, fromCallback, type ActorRefFrom } from "xstate";
import {
  invoiceReadingMachine,
  NO_DETAILS,
  type InvoiceFile,
  type InvoiceReadingEvent,
} from "../../../machines/invoice-reading.machine.ts";
import { forgetInvoiceDetails, keepInvoiceDetails, loadInvoiceDetails } from "../../lib/invoice-details.ts";
import { inspect } from "../../inspect.ts";
import type { PlanSearchActorRef } from "../shared/plan-search-actor.ts";

export type InvoiceReadingActorRef = ActorRefFrom<typeof invoiceReadingMachine>;

const actors = new WeakMap<PlanSearchActorRef, InvoiceReadingActorRef>();

/** Reads the chosen file on the device, sending back progress and what was read. */
const readInvoice = fromCallback<InvoiceReadingEvent, { file: InvoiceFile }>(({ input, sendBack }) => {
  const controller = new AbortController();
  import("../../invoice/read-invoice.ts")
    .then(({ readInvoice }) =>
      readInvoice(input.file as File, {
        signal: controller.signal,
        onProgress: (fraction) => sendBack({ type: "reading.progress", fraction }),
      }),
    )
    .then(
      ({ fields }) => sendBack({ type: "reading.done", details: { ...NO_DETAILS, ...fields } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn("Reading the invoice failed", error);
        sendBack({ type: "reading.failed" });
      },
    );
  return () => controller.abort();
});

/** The invoiceReading actor of this planSearch's app, made (and restored from a reload) on first use. */
export function invoiceReadingFor(planSearch: PlanSearchActorRef): InvoiceReadingActorRef {
  let actor = actors.get(planSearch);
  if (!actor) {
    const logic = invoiceReadingMachine.provide({
      actors: { readInvoice },
      actions: {
        startSearch: (_, { query }) => planSearch.send({ type: "search.submit", query }),
        keepDetails: (_, { details }) => keepInvoiceDetails(details),
        forgetDetails: () => forgetInvoiceDetails(),
      },
    });
    actor = createActor(logic, { input: { keptDetails: loadInvoiceDetails() }, inspect }).start();
    actors.set(planSearch, actor);
  }
  return actor;
}

/** The app's invoiceReading actor, for screens whose route made it (invoice-routes.ts). */
export function useInvoiceReading(): InvoiceReadingActorRef {
  return useRouteContext({ from: "__root__", select: (context) => invoiceReadingFor(context.planSearch()) });
}
