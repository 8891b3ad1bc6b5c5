/// <reference types="vitest/config" />
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import babel from "@rolldown/plugin-babel";
import { lingui, linguiTransformerBabelPreset } from "@lingui/vite-plugin";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import { prerenderPages } from "./scripts/prerender-pages.ts";
import { ocrAssets } from "./scripts/ocr-assets.ts";
import { compressedCopies } from "./scripts/compressed-copies.ts";
import { pageLanguageInDev } from "./scripts/dev-page-language.ts";
import { outboxInDev } from "./scripts/dev-outbox.ts";
import { JourneysBesideUnitFiles } from "./test/sequencer.ts";

const apiTarget = process.env.API_PROXY_TARGET ?? "http://127.0.0.1:8787";
/**
 * A PostgreSQL server for the server-pg project. The other projects never see it: their
 * servers each run on a PGlite of their own, whatever the shell exports.
 */
const postgresUrl = process.env.DATABASE_URL || undefined;
/**
 * Every project's environment: no PostgreSQL unless named, and servers started inside a test
 * process log nothing (a refusal a test provokes is not news); a test that reads the log spawns a
 * server of its own (test/server/request-log.test.ts).
 */
const testEnv = { DATABASE_URL: "", LOG_LEVEL: "silent" };
/**
 * Test files that share one module graph per worker (isolate: false): each of their test servers,
 * databases and actors is made by the test and owned by it, and nothing in them mocks a module or
 * takes hooks from importing a shared helper. They load the server's modules (hono,
 * PGlite, the AWS SDK, ...) and the machines' once per worker instead of once per file, on a run
 * whose CPU is the limit. Screen and other unit files keep fresh modules: they stub fetch, mock
 * catalogs, or share MSW's hooks, which test/screens/support-network.ts registers on import, so
 * only a worker's first file would get them.
 */
const SHARED_MODULES = ["test/server/**/*.test.ts", "test/machines/**/*.test.ts"];
/**
 * Files that share modules also share a process: a global or variable of the environment stubbed
 * with vi.stubGlobal / vi.stubEnv, and a spy, are put back after each test, so they cannot reach the
 * next file. What vitest cannot put back (a module mock, fake timers left on) a unit test keeps out
 * of those folders (test/unit/shared-process-files.test.ts).
 */
const SHARED_PROCESS = { isolate: false, unstubGlobals: true, unstubEnvs: true, restoreMocks: true } as const;
/**
 * The pages' HTML, the app's entry module, and the welcome page's entry with every module it
 * imports: each left to its own chunk (test/e2e/welcome-page.test.ts checks what that page loads).
 */
const WELCOME_ENTRY = /\.html$|[\\/]src[\\/](main\.tsx|prerendered-entry\.ts|styles\.css)$/;
/**
 * What the welcome page's entry imports, which the app imports too: a small chunk of its own that
 * both load. Left to rolldown, the shared modules went into the app's startup chunk, and the page
 * with them asked for the app's libraries.
 */
const WELCOME_SHARED =
  /[\\/]src[\\/]screens[\\/]welcome[\\/]tutorial-dialog-behaviour\.ts$|[\\/]contract[\\/]locales\.ts$|[\\/]src[\\/]lib[\\/]language-cookie\.ts$|[\\/]node_modules[\\/]js-cookie[\\/]/;

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      routesDirectory: "src/routes",
      generatedRouteTree: "src/routeTree.gen.ts",
    }),
    react(),
    lingui(),
    babel({ presets: [linguiTransformerBabelPreset()] }),
    prerenderPages(),
    // `npm run dev`: the app's page in the language the server would send it in, by the same detection.
    pageLanguageInDev(),
    // `npm run dev`: the emails the API wrote to DATA_DIR/outbox, listed at /dev/outbox.
    outboxInDev(),
    // The OCR worker, cores and trained data under /ocr/, served by the portal itself.
    ocrAssets(),
    // Brotli and gzip copies of the built text files, the prerendered pages among them.
    compressedCopies(),
  ],
  build: {
    // heic-to (3 MB) and pdf.js (450 kB) are loaded only when a HEIC photo or a PDF is chosen, never
    // with a screen; `npm run bench` watches what screens load. The warning only filled test logs.
    chunkSizeWarningLimit: 3500,
    // No modulepreload polyfill: every browser since 2023 (Safari 17, Firefox 115) follows the
    // hints itself, an older one only loads the app's modules as it finds them; and the welcome
    // page has no modulepreload hints (scripts/prerender-pages.ts).
    modulePreload: { polyfill: false },
    // Which chunk imports which: a test checks the graph has no cycle.
    manifest: true,
    rolldownOptions: {
      // The app, and the welcome page a first visit gets (prerendered, never hydrated;
      // welcome.html's one script is src/prerendered-entry.ts).
      input: { index: "index.html", prerendered: "welcome.html" },
      output: {
        codeSplitting: {
          groups: [
            // What the app's entry imports statically (rolldown's $initial tag) in two chunks, its
            // libraries and our own code: a first visit asks for three scripts at once instead of
            // some forty, which a phone would fetch six at a time. The welcome page's entry and what
            // it imports stay apart, so that page asks for its small entry and welcome-shared alone.
            { name: "welcome-shared", test: (id) => WELCOME_SHARED.test(id), priority: 60 },
            {
              name: "startup-libraries",
              tags: ["$initial"],
              test: (id) => /[\\/]node_modules[\\/]/.test(id) && !WELCOME_ENTRY.test(id),
              priority: 50,
            },
            { name: "startup", tags: ["$initial"], test: (id) => !WELCOME_ENTRY.test(id), priority: 40 },
          ],
        },
      },
    },
  },
  // `npm run dev` talks to a separately started reference API (npm run server).
  // A signed plan link (with sig=) goes to the server, which grants the plan and redirects to the
  // link without its signature, which Vite then serves. Upload URLs are root-relative, so they come
  // through this proxy too.
  server: { proxy: { "/api": apiTarget, "/storage": apiTarget, "^/find-claim/\\d+\\?(.*&)?sig=": apiTarget } },
  test: {
    environment: "node",
    // A guard against a hang, not a measure: the tests that start server processes (a cold tsx
    // start, PGlite seeding) took up to 19 s of CI's 2 cores, and past 30 s when they were busier.
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // expect.poll's default second is shorter than a busy machine may take to open a tab or move
    // focus; what is polled for either comes or the test fails, only later.
    expect: { poll: { timeout: 15_000 } },
    setupFiles: ["test/setup.ts"],
    // Three files at a time, of every project, on a 2-core machine: a journey file keeps about 1.3
    // cores busy (its browser, its server, the test), so two files left part of the machine idle
    // while a journey waited on its browser; a third file takes it. (vitest's default, cores - 1,
    // ran one file at a time.) Up to two journeys run at once beside the unit files, as far as the
    // estimates go (test/sequencer.ts).
    maxWorkers: 3,
    sequence: { sequencer: JourneysBesideUnitFiles },
    // The JSON report lets .ci/run print a plain 'N passed, N failed' line.
    reporters: ["default", ["json", { outputFile: ".tmp/test-results.json" }]],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          // jsdom has no page origin for ky to resolve a relative API prefix against.
          env: {
            ...testEnv,
            VITE_API_BASE_URL: "http://portal.test/api/v1",
            VITE_PUBLIC_STORAGE_URL: "http://portal.test/storage/",
          },
          include: ["test/**/*.test.{ts,tsx}", "machines/**/*.test.ts", "src/**/*.test.{ts,tsx}"],
          exclude: [...SHARED_MODULES, "test/e2e/**", "test/server-pg/**", "node_modules/**"],
        },
      },
      {
        extends: true,
        test: {
          name: "unit-shared",
          env: testEnv,
          include: SHARED_MODULES,
          ...SHARED_PROCESS,
        },
      },
      // The server suite a second time, each test server on a new database of DATABASE_URL's
      // server (test/server/test-database.ts), plus what needs a database several processes share.
      ...(postgresUrl
        ? [
            {
              extends: true as const,
              test: {
                name: "server-pg",
                env: { ...testEnv, TEST_POSTGRES_URL: postgresUrl },
                include: ["test/server/**/*.test.ts", "test/server-pg/**/*.test.ts"],
                // PGlite's own machinery, which these test on PGlite whatever DATABASE_URL says: run once, in unit-shared.
                exclude: ["test/server/pglite-*.test.ts"],
                ...SHARED_PROCESS,
              },
            },
          ]
        : []),
      {
        // Real browser journeys: one portal build for the run, a server, database, Chromium
        // and browser contexts per file. Files run beside the others' (no fileParallelism: false, which
        // put the journeys in a group of their own that nothing ran beside).
        extends: true,
        test: {
          name: "e2e",
          env: testEnv,
          include: ["test/e2e/**/*.test.ts"],
          globalSetup: ["test/e2e/global-setup.ts"],
          testTimeout: 120_000,
          // A file's setup may wait for the portal's build, which runs beside the other files.
          hookTimeout: 300_000,
          // Each journey makes its own server, data folder and browser contexts, and none mocks or
          // stubs: sharing the modules spares every file loading the server, Playwright and the
          // model tables again (about 2.6 CPU-s a file, measured on eight of them).
          ...SHARED_PROCESS,
        },
      },
    ],
  },
});
