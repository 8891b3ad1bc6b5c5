/**
 * Every QA table, one per machine that scripts/charts/machines.ts charts, in the same order; `walked`
 * names the machines test/e2e/model-<file>.test.ts walks through the portal.
 */
import { aceClaimTable } from "./ace-claim.model.ts";
import { claimStatusTable } from "./claim-status.model.ts";
import { contactServiceTable } from "./contact-service.model.ts";
import { fileUploadTable } from "./file-upload.model.ts";
import { finishLaterTable } from "./finish-later.model.ts";
import { fppClaimTable } from "./fpp-claim.model.ts";
import { invoiceReadingTable } from "./invoice-reading.model.ts";
import { missingItemTable } from "./missing-item.model.ts";
import { planSearchTable } from "./plan-search.model.ts";
import { planSelectionTable } from "./plan-selection.model.ts";
import type { AnyModelTable } from "./table.ts";
import { uploadItemTable } from "./upload-item.model.ts";

export const QA_TABLES: Array<{ table: AnyModelTable; walked: boolean }> = [
  { table: planSearchTable, walked: true },
  { table: invoiceReadingTable, walked: false },
  { table: planSelectionTable, walked: true },
  { table: fppClaimTable, walked: true },
  { table: aceClaimTable, walked: true },
  { table: fileUploadTable, walked: true },
  { table: uploadItemTable, walked: true },
  { table: missingItemTable, walked: true },
  { table: contactServiceTable, walked: true },
  { table: claimStatusTable, walked: false },
  { table: finishLaterTable, walked: false },
];
