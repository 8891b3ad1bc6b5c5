/**
 * The compile hint (scripts/compile-hints.ts) goes on the app's entry chunk and every chunk it
 * imports statically, first line, and on nothing loaded lazily or by the welcome page alone.
 */
import { expect, it } from "vitest";
import { COMPILE_HINT, compileHints, startupChunks } from "../../scripts/compile-hints.ts";

const chunk = (name: string, imports: string[], isEntry = false) => ({ type: "chunk" as const, name, isEntry, imports, code: `/* ${name} */` });
const bundle = () => ({
  "assets/index.js": chunk("index", ["assets/shell.js", "assets/runtime.js"], true),
  "assets/shell.js": chunk("shell", ["assets/libraries.js", "assets/runtime.js"]),
  // A cycle, as rolldown makes between the entry and the shell.
  "assets/libraries.js": chunk("libraries", ["assets/index.js"]),
  "assets/runtime.js": chunk("runtime", []),
  "assets/prerendered.js": chunk("prerendered", ["assets/runtime.js"], true),
  "assets/DamageStep.js": chunk("DamageStep", ["assets/shell.js"]),
  "assets/styles.css": { type: "asset" as const },
});

it("finds the entry's chunk and all it imports statically, through a cycle", () => {
  expect([...startupChunks(bundle(), "index")].sort()).toEqual(["assets/index.js", "assets/libraries.js", "assets/runtime.js", "assets/shell.js"]);
  expect(startupChunks(bundle(), "missing").size).toBe(0);
});

it("puts the hint on the first line of those chunks only, once", () => {
  const files = bundle();
  const plugin = compileHints("index");
  const generate = plugin.generateBundle as (options: unknown, bundle: unknown) => void;
  generate({}, files);
  // The entry is reached twice (directly, and back through the cycle) and marked once.
  expect(files["assets/index.js"].code).toBe(`${COMPILE_HINT}\n/* index */`);
  expect(files["assets/libraries.js"].code).toBe(`${COMPILE_HINT}\n/* libraries */`);
  expect(files["assets/shell.js"].code).toBe(`${COMPILE_HINT}\n/* shell */`);
  expect(files["assets/runtime.js"].code).toBe(`${COMPILE_HINT}\n/* runtime */`);
  expect(files["assets/DamageStep.js"].code).toBe("/* DamageStep */");
  expect(files["assets/prerendered.js"].code).toBe("/* prerendered */");
});
