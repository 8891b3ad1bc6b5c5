/**
 * The machines `npm run charts` draws, and the chart test checks: adding a machine is one line here.
 * `file` names the outputs: docs/charts/<file>.md, .svg and .viz.ts; `source` is the machine's file
 * when it is not machines/<file>.machine.ts.
 */
import type { AnyStateMachine } from "xstate";
import { aceClaimMachine } from "../../machines/ace-claim.machine.ts";
import { claimStatusMachine } from "../../machines/claim-status.machine.ts";
import { contactServiceMachine } from "../../machines/contact-service.machine.ts";
import { fileUploadMachine, uploadItemMachine } from "../../machines/file-upload.machine.ts";
import { finishLaterMachine } from "../../machines/finish-later.machine.ts";
import { fppClaimMachine } from "../../machines/fpp-claim.machine.ts";
import { invoiceReadingMachine } from "../../machines/invoice-reading.machine.ts";
import { missingItemMachine } from "../../machines/missing-item.machine.ts";
import { planSearchMachine } from "../../machines/plan-search.machine.ts";
import { planSelectionMachine } from "../../machines/plan-selection.machine.ts";

export interface ChartedMachine {
  file: string;
  source?: string;
  machine: AnyStateMachine;
}

export const CHARTED_MACHINES: ChartedMachine[] = [
  { file: "plan-search", machine: planSearchMachine },
  { file: "invoice-reading", machine: invoiceReadingMachine },
  { file: "plan-selection", machine: planSelectionMachine },
  { file: "fpp-claim", machine: fppClaimMachine },
  { file: "ace-claim", machine: aceClaimMachine },
  { file: "file-upload", machine: fileUploadMachine },
  { file: "upload-item", source: "machines/file-upload.machine.ts", machine: uploadItemMachine },
  { file: "missing-item", machine: missingItemMachine },
  { file: "contact-service", machine: contactServiceMachine },
  { file: "claim-status", machine: claimStatusMachine },
  { file: "finish-later", machine: finishLaterMachine },
];

export const sourceOf = (chart: ChartedMachine) => chart.source ?? `machines/${chart.file}.machine.ts`;
