/**
 * The last step of `npm run mutation`: reads Stryker's JSON report (reports/mutation/mutation.json),
 * writes docs/qa/mutation.md (scores per file and folder, every surviving mutant and its fate) and
 * prints the machines/ and contract/ scores. Exits 1 when either folder is under its floor
 * (machines/ 90%, contract/ 85%), or when an equivalent listed in scripts/mutation/equivalents.ts
 * matches no surviving mutant (killed since, or its code changed), so neither slips by unseen.
 */
import { readFile, writeFile } from "node:fs/promises";
import { mutationMarkdown, staleEquivalents } from "./mutation/markdown.ts";
import {
  FLOORS,
  filesUnder,
  percent,
  tally,
  withStaticNotRun,
  type Folder,
  type MutationReport,
} from "./mutation/scores.ts";

const REPORT = "reports/mutation/mutation.json";
const SUMMARY = "docs/qa/mutation.md";

const written = JSON.parse(await readFile(REPORT, "utf8")) as MutationReport;
// MUTATION_STATIC=1 runs the static mutants too (stryker.config.mjs); otherwise none of them ran.
const report = process.env.MUTATION_STATIC === "1" ? written : withStaticNotRun(written);
await writeFile(SUMMARY, mutationMarkdown(report));
let below = false;
for (const folder of Object.keys(FLOORS) as Folder[]) {
  const { score } = tally(filesUnder(report, folder).flatMap(([, mutants]) => mutants));
  const ok = score !== null && score >= FLOORS[folder];
  below ||= !ok;
  console.log(`Mutation score ${folder}: ${percent(score)} (floor ${FLOORS[folder]}%)${ok ? "" : " BELOW THE FLOOR"}`);
}
console.log(`Wrote ${SUMMARY}`);
const stale = staleEquivalents(report);
if (stale.length > 0)
  console.log(
    `${stale.length} equivalents in scripts/mutation/equivalents.ts match no surviving mutant: see ${SUMMARY}`,
  );
if (below || stale.length > 0) process.exitCode = 1;
