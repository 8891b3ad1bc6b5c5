/**
 * The vitest configuration `npm run mutation` hands Stryker (stryker.config.mjs): the machine tests
 * and the unit tests that import machines/ or contract/, in Node, without the app's Vite plugins
 * (machines/ and contract/ are plain TypeScript) but Lingui's, which the catalogs and messages some
 * unit tests load need. No browser journeys
 * (e2e), no server suites (test/server on PGlite, server-pg on PostgreSQL): a mutant in a machine
 * or a schema is judged by the tests that state what a consumer sees or what the API receives, and
 * those suites would add minutes per mutant through their servers without checking the modules
 * more closely.
 */
import { defineConfig } from "vitest/config";
import babel from "@rolldown/plugin-babel";
import { lingui, linguiTransformerBabelPreset } from "@lingui/vite-plugin";

const STATIC = process.env.MUTATION_STATIC === "1";

/** Test files of modules that keep state of their own between calls (page-language's detector app). */
const STATEFUL = ["test/unit/contract-rules.test.ts", "test/unit/served-locale.test.ts"];

export default defineConfig({
  plugins: [lingui(), babel({ presets: [linguiTransformerBabelPreset()] })],
  test: {
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 120_000,
    setupFiles: ["test/setup.ts"],
    env: {
      DATABASE_URL: "",
      VITE_API_BASE_URL: "http://portal.test/api/v1",
      VITE_PUBLIC_STORAGE_URL: "http://portal.test/storage/",
    },
    // The three largest generated-path suites enumerate thousands of paths in a beforeAll (30-40 s
    // each on this machine), which would run again for every mutant they cover: hours for the
    // wizard machines. Their checks are structural (every state reached, every transition taken,
    // which `npm test` keeps running); the same machines' behaviour is judged here by their
    // scenario tests (test/machines/<machine>.test.ts) and the lighter path suites.
    exclude: [
      "test/machines/ace-claim.paths.test.ts",
      "test/machines/fpp-claim.paths.test.ts",
      "test/machines/contact-service.paths.test.ts",
    ],
    projects: [
      {
        extends: true,
        test: {
          name: "shared-modules",
          // One worker keeps the modules loaded across test files and mutants: Stryker switches a
          // mutant on at run time (a global the instrumented code reads), so nothing needs
          // reloading, and spawning a process and importing xstate and Lingui per file per mutant
          // was most of the run's time. Static mutants (MUTATION_STATIC=1) are chosen when a
          // module loads, so they need a fresh module graph per file.
          isolate: STATIC,
          include: [
            "test/machines/**/*.test.ts",
            "test/unit/contract-*.test.ts",
            "test/unit/call-outcomes.test.ts",
            "test/unit/claim-loads.test.ts",
            "test/unit/claim-options.test.ts",
            "test/unit/claim-status-api.test.ts",
            "test/unit/dates.test.ts",
            "test/unit/mailbox.test.ts",
            "test/unit/names-in-language.test.ts",
            "test/unit/photo-upload-limit.test.ts",
            "test/unit/refusals.test.ts",
            "test/unit/start-claim.test.ts",
            "test/unit/try-counter.test.ts",
          ],
          // The generated-path suites build their paths in a beforeAll, outside any test, so the
          // per-test coverage credits them with no mutant and they kill none of those this run
          // counts; they only cost time each run they are related to. They check the machine
          // configs, so they join the static run.
          exclude: [...STATEFUL, ...(STATIC ? [] : ["test/machines/*.paths.test.ts"])],
        },
      },
      {
        extends: true,
        // page-language.ts builds its detector once and keeps it: in a shared worker, a detector
        // built under one mutant would answer for the next ones. These files get a fresh module
        // graph each.
        test: { name: "fresh-modules", isolate: true, include: STATEFUL },
      },
    ],
  },
});
