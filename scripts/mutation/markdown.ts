/** docs/qa/mutation.md: the scores of a Stryker run and what became of every mutant that survived. */
import { EQUIVALENT_MUTANTS } from "./equivalents.ts";
import { placeKeys } from "./places.ts";
import { FLOORS, filesUnder, percent, tally, type Folder, type MutationReport, type ReportMutant } from "./scores.ts";

function scoreTable(report: MutationReport, folder: Folder): string[] {
  const rows = filesUnder(report, folder);
  const line = (name: string, mutants: ReportMutant[]) => {
    const t = tally(mutants);
    return `| ${name} | ${t.killed + t.timeout} | ${t.survived} | ${t.noCoverage} | ${t.ignored} | ${percent(t.score)} |`;
  };
  return [
    `### ${folder} (floor ${FLOORS[folder]}%)`,
    "",
    "| file | killed | survived | no coverage | static, not run | score |",
    "|---|---|---|---|---|---|",
    ...rows.map(([path, mutants]) => line(path, mutants)),
    line(
      `**${folder} overall**`,
      rows.flatMap(([, mutants]) => mutants),
    ),
    "",
  ];
}

/** Mutants in the order of their place in the file, then mutator and replacement: the same every run. */
const byPlace = (a: ReportMutant, b: ReportMutant) =>
  a.location.start.line - b.location.start.line ||
  a.location.start.column - b.location.start.column ||
  a.mutatorName.localeCompare(b.mutatorName) ||
  (a.replacement ?? "").localeCompare(b.replacement ?? "");

/** A key as inline code; two backticks around it, since a replacement may hold one (a template literal). */
const code = (key: string) => `\`\` ${key} \`\``;

/** Entries of equivalents.ts that no surviving mutant of this run matches: killed since, or moved. */
function staleSection(stale: string[]): string[] {
  if (stale.length === 0) return [];
  return [
    `## Listed as equivalent, but no mutant of this run survives there (${stale.length})`,
    "",
    "Delete or re-key them in scripts/mutation/equivalents.ts; `npm run mutation` fails until then.",
    "",
    ...stale.map((key) => `- ${code(key)}`),
    "",
  ];
}

/** Entries of equivalents.ts that no surviving mutant of `report` matches: killed since, or their code changed. */
export function staleEquivalents(
  report: MutationReport,
  equivalents: Readonly<Record<string, string>> = EQUIVALENT_MUTANTS,
): string[] {
  const surviving = new Set(
    (Object.keys(FLOORS) as Folder[])
      .flatMap((folder) => filesUnder(report, folder))
      .flatMap(([path, mutants, source]) => {
        const keys = placeKeys(path, source, mutants);
        return mutants
          .filter((mutant) => mutant.status === "Survived" || mutant.status === "NoCoverage")
          .map((mutant) => keys.get(mutant)!);
      }),
  );
  return Object.keys(equivalents).filter((key) => !surviving.has(key));
}

/**
 * The whole document: the scores per file and folder, then each surviving or uncovered mutant with
 * its equivalence reason or as not yet killed, in a fixed order, so two runs with the same outcome
 * write the same file.
 * @param equivalents the survivors judged equivalent, by placeKey, with their reasons
 */
export function mutationMarkdown(
  report: MutationReport,
  equivalents: Readonly<Record<string, string>> = EQUIVALENT_MUTANTS,
): string {
  const all = (Object.keys(FLOORS) as Folder[]).flatMap((folder) => filesUnder(report, folder));
  const survivors: string[] = [];
  let open = 0;
  for (const [path, mutants, source] of all) {
    const keys = placeKeys(path, source, mutants);
    for (const mutant of [...mutants].sort(byPlace)) {
      if (mutant.status === "Survived" || mutant.status === "NoCoverage") {
        const key = keys.get(mutant)!;
        const reason = equivalents[key];
        if (reason === undefined) open++;
        survivors.push(
          `- ${code(key)}${mutant.status === "NoCoverage" ? " (no test runs it)" : ""}: ${reason === undefined ? "**not yet killed**" : `equivalent: ${reason}`}`,
        );
      }
    }
  }
  return [
    "# Mutation testing: machines/ and contract/",
    "",
    "Written by `npm run mutation` (Stryker with its vitest runner, stryker.config.mjs, over the tests",
    "vitest.mutation.config.ts lists) from reports/mutation/mutation.json; do not edit by hand. The",
    "HTML report beside it (reports/mutation/index.html, not committed) shows each mutant in its code.",
    "A mutant is a small change to a machine or a schema (a guard negated, a target or message",
    "replaced, an action dropped); it is *killed* when some test fails on it. The score is",
    "(killed + timed out) / (killed + timed out + survived + no coverage).",
    "",
    "Static mutants, code run once when a module loads (the machine configs' targets, guard names and",
    "action lists, the schemas' bounds), are left out of this run and do not count: each needs the",
    "module reloaded and every test file importing it rerun, and a wrong target often leaves a test",
    "waiting until it times out, hours for all of them on 2 cores. `MUTATION_STATIC=1 npm run mutation`",
    "runs them too (stryker.config.mjs), for a long run.",
    "",
    "## Scores",
    "",
    ...(Object.keys(FLOORS) as Folder[]).flatMap((folder) => scoreTable(report, folder)),
    "Which test kills a mutant is in the HTML report, not here: a mutant is stopped at the first test",
    "that fails on it, and which one that is varies from run to run (two runners, in parallel).",
    "",
    `## Surviving mutants (${survivors.length}, ${open} not yet judged or killed)`,
    "",
    "Each is either equivalent (scripts/mutation/equivalents.ts, one line why) or not yet killed: a",
    "behaviour no test checks yet.",
    "",
    ...(survivors.length > 0 ? survivors : ["None."]),
    "",
    ...staleSection(staleEquivalents(report, equivalents)),
  ].join("\n");
}
