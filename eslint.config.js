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
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
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
      "no-restricted-imports": ["error", {
        patterns: [
          folder("src", "Machines are pure: they do not import the portal (src/)."),
          folder("server", "Machines are pure: they do not import the reference API (server/)."),
          { group: UI_PACKAGES, message: "Machines are pure: no React, router, form, ky or Lingui; actors get I/O through provide()." },
        ],
      }],
    },
  },
  {
    files: ["contract/**"],
    rules: {
      "no-restricted-imports": ["error", {
        patterns: [
          folder("src", "The wire contract stands alone: it does not import the portal (src/)."),
          folder("server", "The wire contract stands alone: it does not import the reference API (server/)."),
          folder("machines", "The wire contract stands alone: it does not import machines/."),
        ],
      }],
    },
  },
  {
    files: ["server/**"],
    rules: {
      "no-restricted-imports": ["error", {
        patterns: [
          folder("src", "The reference API shares only contract/ with the portal, never src/."),
          folder("machines", "The reference API shares only contract/ with the portal, never machines/."),
          { group: UI_PACKAGES, message: "The reference API does not use UI packages." },
        ],
      }],
    },
  },
  {
    files: ["src/**"],
    rules: {
      "no-restricted-imports": ["error", {
        patterns: [
          folder("server", "The portal talks to the reference API over HTTP only, never by importing server/."),
        ],
      }],
    },
  },
);
