// ESLint flat config. Why each choice was made is in the commit history; the short version:
//
// - typescript-eslint "recommended", not type-aware: a type-aware run took 34 s here (2 cores)
//   against about 10 s, and `tsc` (TypeScript 7) already checks types in `npm test`.
// - typescript-eslint needs TypeScript's JS API, which TypeScript 7 does not ship, so package.json
//   installs TypeScript 7 as `@typescript/native` (it owns `tsc`) and `typescript` as the TS 6
//   compatibility package `@typescript/typescript6`, the side-by-side setup Microsoft documents.
// - jsx-a11y: eslint-plugin-jsx-a11y 6.10.2 declares eslint ^9 at most and fails `npm ci` against
//   ESLint 10, so we use its maintained fork eslint-plugin-jsx-a11y-x (same rules, eslint ^10 peer).
// - eslint-plugin-xstate 3.2.1 is left out: it declares eslint ^8 only and ships no flat config.
//   What it checks (known action/guard/actor names) `setup()` already makes TypeScript check.
// - eslint-plugin-lingui: its flat/recommended rules (t-call-in-function, no-expression-in-message,
//   no-single-variables-to-translate, ...). no-unlocalized-strings is left off: it needs a long
//   allow-list for class names, test ids, URLs and codes, and machines already hold codes only.
// - `npm run lint` passes --max-warnings 0, so a warning is as blocking as an error.
// - Import zones use core `no-restricted-imports` (no resolver, no extra dependency). Imports here
//   are relative paths, so each zone forbids the folder names climbing out of its own folder.
//   Inside src/: ui/ never imports screens/; a feature folder under src/screens/ reaches another
//   only through src/screens/shared/; scripts/ uses only the server modules listed in SERVER_PUBLIC.
import { readdirSync } from "node:fs";
import { defineConfig } from "eslint/config";
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import jsxA11y from "eslint-plugin-jsx-a11y-x";
import lingui from "eslint-plugin-lingui";

/** A `no-restricted-imports` pattern that forbids climbing out into a top-level folder. */
const folder = (name, message) => ({ regex: `^(\\.\\./)+${name}(/|$)`, message });

/**
 * Every `eslint-disable` comment says why after ` -- ` (STYLE.md 13: it is a reviewed exception).
 * Core ESLint has no such rule; eslint-plugin-eslint-comments does, but one small rule is cheaper
 * than a plugin.
 */
const disableNeedsReason = {
  meta: { type: "suggestion", schema: [], messages: { why: "Say why after ' -- ' in an eslint-disable comment." } },
  create(context) {
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          const text = comment.value.trim();
          if (/^eslint-disable\b/.test(text) && !/\s--\s*\S/.test(text)) {
            context.report({ loc: comment.loc, messageId: "why" });
          }
        }
      },
    };
  },
};

/**
 * The feature folders under src/screens/ (one per part of the portal: plan-search, claim-wizard, ...),
 * read from disk so a new feature is zoned without editing this file. What two of them use lives in
 * src/screens/shared/ (or, when it has no screen logic, in src/ui/ or src/lib/).
 */
const SHARED_SCREENS = "shared";
const FEATURES = readdirSync(`${import.meta.dirname}/src/screens`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== SHARED_SCREENS)
  .map((entry) => entry.name);

/**
 * A pattern forbidding `feature` to files of another folder under src/screens/. Feature folders are
 * flat, so their files reach a sibling as `../<feature>/`; a path that climbs out to src/ and back
 * through `screens/` is caught too. (Not `(../)+<feature>`: src/invoice/ and src/welcome/ share
 * names with features and are fine to import.)
 */
const otherFeature = (feature, from) => ({
  regex: `^(\\.\\./|(\\.\\./)+screens/)${feature}(/|$)`,
  message: `src/screens/${from}/ may not import the feature folder src/screens/${feature}/: move what both use to src/screens/${SHARED_SCREENS}/ (or to src/ui/ or src/lib/ when it has no screen logic).`,
});

/**
 * The server modules scripts may import: entry points and the few values a script must agree on with
 * the server. Anything else in server/ is its internals (routes, queries, guards) and stays private.
 */
const SERVER_PUBLIC = [
  "start", // startServer: scripts/start.ts, the bench and the screenshots run the real server
  "log", // the server's logger: `npm start` prints its own lines as the server does
  "tracing", // startTracing: `npm start` traces as `npm run server` does when a collector is named
  "config", // loadConfig and ServerConfig: how a script configures that server
  "db/data-lock", // exitWhenLocked: a CLI touching the data folder refuses to run beside a server
  "db/db", // openDatabase: scripts/plan-link.ts reads plans as the server does
  "domain/plan-links", // the link signing the server checks (scripts/plan-link.ts must sign the same way)
  "domain/plan-family", // which claim family a plan type opens (scripts/plan-link.ts names the route by it)
  "http/staff-key", // staffKeyOf: scripts/claim-status.ts sends the key the server checks, read from the same DATA_DIR file
  "seed/seed-data", // the demo plans the invoice fixtures are written for
  "http/body-limits", // the hostile-load bench sizes its bodies at the server's own limits
  "mail/outbox-folder", // the dev server lists the outbox where the server writes it (scripts/dev-outbox.ts)
];

/**
 * The reference API's zone for `files`: never the portal or the machines, no UI packages, plus
 * `patterns`. Its folders are layers (docs/architecture.md): routes/ answer calls through domain/,
 * storage/ and http/, never by reaching into db/ (connections, migrations, PGlite) or seed/; db/ is
 * the bottom layer and imports none of the others.
 */
const serverZone = (files, ...patterns) => ({
  files,
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: [
          folder("src", "The reference API shares only contract/ with the portal, never src/."),
          folder("machines", "The reference API shares only contract/ with the portal, never machines/."),
          { group: UI_PACKAGES, message: "The reference API does not use UI packages." },
          ...patterns,
        ],
      },
    ],
  },
});

/** A pattern for serverZone: a folder of server/ that a layer may not import, and why. */
const layer = (name, why) => ({ regex: `^\\.\\./${name}/`, message: why });

/** The portal's zone for `files`: never server/ (all of src/), plus `patterns`. */
const portalZone = (files, ...patterns) => ({
  files,
  rules: {
    "no-restricted-imports": [
      "error",
      {
        // One object per file set replaces, not adds to, the rule's options: each zone repeats this one.
        patterns: [
          folder("server", "The portal talks to the reference API over HTTP only, never by importing server/."),
          ...patterns,
        ],
      },
    ],
  },
});

const UI_PACKAGES = ["react", "react-dom", "react-dom/*", "react/*", "ky", "@tanstack/*", "@lingui/*", "@xstate/react"];

export default defineConfig(
  {
    ignores: ["dist/", "node_modules/", ".tmp/", ".data/", "coverage/", "docs/", "src/routeTree.gen.ts"],
  },
  {
    // An `eslint-disable` is a reviewed exception (STYLE.md 13): one that no longer suppresses
    // anything fails the lint, so stale ones do not pile up.
    linterOptions: { reportUnusedDisableDirectives: "error" },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    plugins: { local: { rules: { "disable-needs-reason": disableNeedsReason } } },
    rules: {
      "local/disable-needs-reason": "error",
      // `_name` marks a parameter or binding kept on purpose (a positional argument, a discarded field).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
    },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    ...reactHooks.configs.flat.recommended,
  },
  {
    // Tests keep the two classic hook rules only: a probe component that copies a store into a
    // test variable (test/screens/toasts.test.tsx) is the point of the test, not a render bug the
    // React Compiler rules (`globals`, `purity`, ...) should flag.
    files: ["test/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "warn" },
  },
  {
    files: ["src/**/*.tsx"],
    ...jsxA11y.configs.recommended,
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    ...lingui.configs["flat/recommended"],
  },
  {
    // Tests read JSON answers of any shape field by field (test/server/helpers.ts `Answer.body`);
    // typing each body would cost casts on every line of the server tests and catch nothing.
    files: ["test/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },

  // Import zones (DESIGN.md "Lint", STYLE.md 1 and 13).
  {
    files: ["machines/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            folder("src", "Machines are pure: they do not import the portal (src/)."),
            folder("server", "Machines are pure: they do not import the reference API (server/)."),
            {
              group: UI_PACKAGES,
              message: "Machines are pure: no React, router, form, ky or Lingui; actors get I/O through provide().",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["contract/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            folder("src", "The wire contract stands alone: it does not import the portal (src/)."),
            folder("server", "The wire contract stands alone: it does not import the reference API (server/)."),
            folder("machines", "The wire contract stands alone: it does not import machines/."),
          ],
        },
      ],
    },
  },
  serverZone(["server/**"]),
  {
    // The one process of `npm start`, `npm run server` with STATIC_DIR and the tests: the API and,
    // behind its routes, the portal host, which asks that API over HTTP as it would any other.
    files: ["server/start.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(\\.\\./)+src/(?!server/portal-host\\.ts$)",
              message: "server/start.ts takes only the portal host (src/server/portal-host.ts) from the portal.",
            },
            folder("machines", "The reference API shares only contract/ with the portal, never machines/."),
            { group: UI_PACKAGES, message: "The reference API does not use UI packages." },
          ],
        },
      ],
    },
  },
  serverZone(
    ["server/routes/**"],
    layer(
      "db",
      "Routes reach the data through server/domain/ and the app's deps, never server/db/ (its connections, migrations and PGlite are its own).",
    ),
    layer("seed", "Routes never import the demo seed: what they answer comes from the database."),
  ),
  {
    // Routes validate, call the domain and answer: SQL lives in server/domain/ and server/db/, so a
    // rule and its queries are read (and tested) in one place. `db.query`, `tx.query` and
    // `deps.db.query` are caught; Hono's `c.req.query()` is not a query of the database.
    files: ["server/routes/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...[
          "CallExpression[callee.property.name='query'][callee.object.name=/^(db|tx)$/]",
          "CallExpression[callee.property.name='query'][callee.object.property.name='db']",
        ].map((selector) => ({
          selector,
          message: "Routes run no SQL: call a function of server/domain/, which holds the queries.",
        })),
      ],
    },
  },
  serverZone(
    ["server/db/**"],
    ...["routes", "domain", "http", "storage", "seed"].map((name) =>
      layer(name, `server/db/ is the bottom layer: it does not import server/${name}/.`),
    ),
  ),
  serverZone(
    ["server/http/**"],
    layer(
      "routes",
      "server/http/ is what every call goes through, below the routes: it does not import server/routes/ (paths both need live in server/app-deps.ts).",
    ),
  ),
  serverZone(
    ["server/domain/**"],
    layer("routes", "Domain code does not import server/routes/: routes sit on top of it."),
    layer(
      "http",
      "The domain knows no HTTP: it throws refusals (server/domain/refusals.ts) that server/app.ts answers with their status.",
    ),
    { regex: "^hono(/|$)", message: "The domain knows no HTTP: no Hono in server/domain/." },
  ),
  serverZone(
    ["server/storage/**", "server/seed/**"],
    layer("routes", "Storage and seed code does not import server/routes/: routes sit on top of it."),
    {
      regex: "^hono(/|$)",
      message: "Storage takes plain values, never Hono's request: its route reads them (server/http/incoming-put.ts).",
    },
  ),
  // The emails are React Email components worded through Lingui (server/mail/mail-i18n.ts): the one
  // server folder that may import react and @lingui/core; the portal's other UI packages stay out.
  {
    files: ["server/mail/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            folder("src", "The reference API shares only contract/ with the portal, never src/."),
            folder("machines", "The reference API shares only contract/ with the portal, never machines/."),
            {
              group: UI_PACKAGES.filter((name) => name !== "react" && name !== "@lingui/*"),
              message: "Emails use react, React Email and @lingui/core only.",
            },
            {
              group: ["@lingui/react", "@lingui/react/*", "@lingui/*/macro"],
              message: "Emails use @lingui/core's descriptors: the server runs no macro.",
            },
            layer(
              "routes",
              "server/mail/ does not import server/routes/: routes queue mail, mail never answers calls.",
            ),
            { regex: "^hono(/|$)", message: "Mail takes plain values, never Hono's request." },
          ],
        },
      ],
    },
  },
  portalZone(["src/**"]),
  portalZone(
    ["src/ui/**"],
    folder(
      "screens",
      "src/ui/ holds building blocks with no screen logic: it never imports src/screens/ (a caller passes in the screen it needs).",
    ),
  ),
  ...[...FEATURES, SHARED_SCREENS].map((from) =>
    portalZone(
      [`src/screens/${from}/**`],
      ...FEATURES.filter((feature) => feature !== from).map((feature) => otherFeature(feature, from)),
    ),
  ),
  {
    files: ["scripts/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: `^(\\.\\./)+server/(?!(${SERVER_PUBLIC.join("|")})\\.ts$)`,
              message: `Scripts use the reference API through its public modules only (SERVER_PUBLIC in eslint.config.js: ${SERVER_PUBLIC.join(", ")}), never its internals.`,
            },
          ],
        },
      ],
    },
  },
);
