/**
 * Scores from Stryker's JSON report (mutation-testing-report-schema): per mutated file and per
 * folder (machines/, contract/), the share of mutants the tests noticed.
 */

/** One mutant as the JSON report gives it (the fields this summary reads). */
export interface ReportMutant {
  id: string;
  mutatorName: string;
  replacement?: string;
  /** Lines and columns counted from 1. */
  location: { start: { line: number; column: number }; end: { line: number; column: number } };
  status: string;
  killedBy?: string[];
  static?: boolean;
}

/** The JSON report: mutated files (path relative to the project) and the test files that ran. */
export interface MutationReport {
  files: Record<string, { source: string; mutants: ReportMutant[] }>;
  testFiles?: Record<string, { tests: Array<{ id: string; name: string }> }>;
}

/** Counts of one file or folder; `score` is a percentage, null when no mutant counts. */
export interface Tally {
  killed: number;
  timeout: number;
  survived: number;
  noCoverage: number;
  errors: number;
  ignored: number;
  score: number | null;
}

/**
 * Tallies mutants the way Stryker scores them: (killed + timeout) / (killed + timeout + survived +
 * no coverage). Compile and runtime errors and ignored mutants do not count either way.
 */
export function tally(mutants: readonly ReportMutant[]): Tally {
  const count = (...statuses: string[]) => mutants.filter((m) => statuses.includes(m.status)).length;
  const killed = count("Killed");
  const timeout = count("Timeout");
  const survived = count("Survived");
  const noCoverage = count("NoCoverage");
  const valid = killed + timeout + survived + noCoverage;
  return {
    killed,
    timeout,
    survived,
    noCoverage,
    errors: count("CompileError", "RuntimeError"),
    ignored: count("Ignored"),
    score: valid === 0 ? null : (100 * (killed + timeout)) / valid,
  };
}

/** The folders scored on their own, with the floor each must reach (percent). */
export const FLOORS = { "machines/": 90, "contract/": 85 } as const;
export type Folder = keyof typeof FLOORS;

/** The report's files under `folder`, sorted by path, as [path, mutants, source]. */
export function filesUnder(report: MutationReport, folder: Folder): Array<[string, ReportMutant[], string]> {
  return Object.entries(report.files)
    .filter(([path]) => path.replaceAll("\\", "/").startsWith(folder))
    .map(([path, file]): [string, ReportMutant[], string] => [path.replaceAll("\\", "/"), file.mutants, file.source])
    .sort(([a], [b]) => a.localeCompare(b));
}

/** "87.5%" or "n/a". */
export function percent(score: number | null): string {
  return score === null ? "n/a" : `${score.toFixed(1)}%`;
}

/**
 * `report` as a run that leaves static mutants out reads it: each static mutant not run. Stryker
 * marks one Ignored when it saw its module load outside any test, and NoCoverage when it did not
 * (contract/page-headers.ts, a file of constants only), though neither was run.
 */
export function withStaticNotRun(report: MutationReport): MutationReport {
  const notRun = (mutant: ReportMutant): ReportMutant =>
    mutant.static && mutant.status === "NoCoverage" ? { ...mutant, status: "Ignored" } : mutant;
  return {
    ...report,
    files: Object.fromEntries(
      Object.entries(report.files).map(([path, file]) => [path, { ...file, mutants: file.mutants.map(notRun) }]),
    ),
  };
}
