/**
 * Every file of docs/qa-paths/ by name, with its content: what `npm run paths` writes and what the
 * staleness test compares the committed files with.
 */
import { CHARTED_MACHINES, sourceOf } from "../charts/machines.ts";
import { QA_TABLES } from "../../test/model/tables.ts";
import { assertTableComplete } from "../../test/model/table.ts";
import { planMarkdown } from "./markdown.ts";
import { pathPlan } from "./plan.ts";
import { pathsReadme } from "./readme.ts";

export function qaPathFiles(): Map<string, string> {
  const files = new Map<string, string>();
  const plans = QA_TABLES.map(({ table, walked }) => {
    assertTableComplete(table);
    const chart = CHARTED_MACHINES.find((one) => one.file === table.file);
    return { plan: pathPlan(table, chart ? sourceOf(chart) : table.source), walked };
  });
  for (const { plan, walked } of plans) {
    files.set(`${plan.file}.md`, planMarkdown(plan, walked));
    files.set(`${plan.file}.json`, `${JSON.stringify(plan, null, 2)}\n`);
  }
  files.set("README.md", pathsReadme(plans));
  return files;
}
