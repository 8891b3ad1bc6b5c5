/**
 * appChunkName (scripts/app-chunks.ts) on a small module graph: what the app's entry imports goes
 * to the shell's two chunks, what the welcome page's code (hydrate.tsx, which its entry imports
 * once the page is painted) imports too to the common two, and what is only loaded lazily is left
 * to the bundler.
 */
import { expect, it } from "vitest";
import { appChunkName } from "../../scripts/app-chunks.ts";

/** id -> its static importers; the two HTML pages are the entries. */
const graph: Record<string, string[]> = {
  "/p/index.html": [],
  "/p/welcome.html": [],
  "/p/src/main.tsx": ["/p/index.html"],
  "/p/src/prerendered-entry.ts": ["/p/welcome.html"],
  // Imported by the welcome entry with import() alone, once the page is painted.
  "/p/src/welcome/hydrate.tsx": [],
  "/p/src/lib/after-first-paint.ts": ["/p/src/prerendered-entry.ts"],
  "/p/node_modules/react/index.js": ["/p/src/main.tsx", "/p/src/welcome/hydrate.tsx"],
  "/p/src/i18n.ts": ["/p/src/main.tsx", "/p/src/welcome/hydrate.tsx"],
  "/p/node_modules/xstate/dist/xstate.js": ["/p/src/app-root.tsx", "/p/src/screens/wizard.tsx"],
  "/p/src/app-root.tsx": ["/p/src/main.tsx"],
  // Imported by a lazily loaded screen only (its importer is reached by import() alone).
  "/p/src/screens/wizard.tsx": [],
  "/p/node_modules/luxon/luxon.js": ["/p/src/screens/wizard.tsx"],
  "/p/src/welcome/WelcomePage.tsx": ["/p/src/welcome/hydrate.tsx"],
  // A cycle between two shell modules.
  "/p/src/a.ts": ["/p/src/b.ts", "/p/src/app-root.tsx"],
  "/p/src/b.ts": ["/p/src/a.ts"],
};
const context = {
  getModuleInfo(this: unknown, id: string) {
    // The bundler calls it as a method: a detached call would fail here as it did there.
    if (this !== context) throw new Error("getModuleInfo called without its context");
    const importers = graph[id];
    return importers ? { isEntry: id.endsWith(".html"), importers } : null;
  },
};

it.each([
  ["/p/node_modules/react/index.js", "common-libraries"],
  ["/p/src/i18n.ts", "common"],
  ["/p/node_modules/xstate/dist/xstate.js", "shell-libraries"],
  ["/p/src/app-root.tsx", "shell"],
  ["/p/src/b.ts", "shell"],
  // The entry scripts stay their pages' entry chunks.
  ["/p/src/main.tsx", null],
  ["/p/src/prerendered-entry.ts", null],
  // Lazily loaded, or the welcome page's alone: the bundler's own splitting.
  ["/p/src/screens/wizard.tsx", null],
  ["/p/node_modules/luxon/luxon.js", null],
  ["/p/src/welcome/WelcomePage.tsx", null],
  ["/p/src/welcome/hydrate.tsx", null],
  // The welcome entry's own: it stays in that small entry chunk.
  ["/p/src/lib/after-first-paint.ts", null],
])("%s goes to %s", (id, chunk) => {
  expect(appChunkName(id, context)).toBe(chunk);
});
