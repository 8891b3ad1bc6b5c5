/**
 * Every QA table, one per machine that scripts/charts/machines.ts charts, in the same order; `walked`
 * names the machines test/e2e/model-<file>.test.ts walks through the portal.
 */
import { planSearchTable } from "./plan-search.model.ts";
import { planSelectionTable } from "./plan-selection.model.ts";
import type { AnyModelTable } from "./table.ts";

export const QA_TABLES: Array<{ table: AnyModelTable; walked: boolean }> = [
  { table: planSearchTable, walked: true },
  { table: planSelectionTable, walked: true },
];
