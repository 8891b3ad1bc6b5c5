// @ts-check
import process from "node:process";

/**
 * `npm run mutation`: Stryker mutates machines/ and contract/ and runs, per mutant, the unit and
 * machine tests that cover it (vitest.mutation.config.ts says which files and why). Incremental:
 * reports/mutation/stryker-incremental.json keeps each mutant's result, so a second run re-tests
 * only mutants in changed code or covered by changed tests. Reports land in reports/mutation/
 * (not committed); scripts/mutation-summary.ts turns the JSON report into docs/qa/mutation.md.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: "vitest",
  // Forks, as `npm test` runs them: a test that sets process.env.TZ (localToday in the consumer's
  // zone) takes effect only in a process, not in a worker thread (the runner's default). Most test
  // files share that process (vitest.mutation.config.ts), so such a test must put TZ back, as
  // fpp-claim.test.ts does in a finally block.
  vitest: { configFile: "vitest.mutation.config.ts", related: true, pool: "forks" },
  plugins: ["@stryker-mutator/vitest-runner"],
  mutate: ["machines/**/*.ts", "contract/**/*.ts", "!**/*.test.ts"],
  // The sandbox Stryker copies the project into needs the sources, the tests and the catalogs, not
  // what builds and runs leave behind: the built portal (dist/, its OCR and HEIC code alone are
  // megabytes Stryker would also try to parse), .tmp/ (test databases, other sandboxes) and reports.
  ignorePatterns: ["/dist", "/.tmp", "/.data", "/reports", "/coverage", "/test-results"],
  coverageAnalysis: "perTest",
  // Static mutants (70% of them here: the machine configs and the valibot schemas are object
  // literals evaluated once, when the module loads) each need the module reloaded and every test
  // file importing it rerun, and a swapped target often leaves a test waiting for a state until it
  // times out. One machine's worth (missing-item.machine.ts, 84 static mutants) took 13 minutes on
  // this 2-core machine: all of them would take hours, against a budget of 15 minutes. They are
  // left out of `npm run mutation` (Stryker marks them Ignored; the scores count the rest: guards,
  // actions, rules, masks, date and upload checks, all functions run per test).
  // MUTATION_STATIC=1 includes them, for a long run (vitest.mutation.config.ts then gives each test
  // file fresh modules, which static mutants need).
  ignoreStatic: process.env.MUTATION_STATIC !== "1",
  incremental: true,
  incrementalFile: "reports/mutation/stryker-incremental.json",
  // Two cores, shared with the browser journeys and the other suites: one test runner per core.
  concurrency: 2,
  // The tests themselves allow 30 s; a mutant that loops forever is stopped well before that.
  timeoutMS: 10_000,
  reporters: ["html", "json", "clear-text", "progress-append-only"],
  htmlReporter: { fileName: "reports/mutation/index.html" },
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  clearTextReporter: { allowColor: false, logTests: false, reportMutants: false, reportScoreTable: true },
  tempDirName: ".tmp/stryker",
  cleanTempDir: true,
  // The floors: machines/ at least 90%, contract/ at least 85% (scripts/mutation-summary.ts checks
  // each folder; Stryker's own thresholds colour the whole run).
  thresholds: { high: 90, low: 85, break: null },
};
