/**
 * The test files that share one process and module graph per worker (vite.config.ts: the
 * unit-shared, server-pg and e2e projects, `isolate: false`), and the helpers they import, leave
 * nothing behind for the next file of the same worker. Stubbed globals and spies vitest puts back
 * itself (`unstubGlobals`, `unstubEnvs`, `restoreMocks`); what it cannot put back is kept out here:
 * a module mock (it would answer the next file's imports too), fake timers a file never ends, and a
 * helper that registers hooks when it is imported (only the worker's first file importing it would
 * get them, as the screen tests' MSW hooks showed).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const SHARED_PROCESS_FOLDERS = ["test/server", "test/server-pg", "test/machines", "test/e2e", "test/model"];
const MODULE_MOCK = /\bvi\.(mock|doMock|unmock|doUnmock|resetModules)\(/;
/** A hook called at the top level of a module, where it runs once, when the module is first imported. */
const TOP_LEVEL_HOOK = /^(beforeAll|afterAll|beforeEach|afterEach)\(/m;

/** The .ts and .tsx files under `folder`, as paths from the repository root. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

const files = SHARED_PROCESS_FOLDERS.flatMap(filesUnder).map((path) => ({ path, text: readFileSync(path, "utf8") }));

describe("files that share a process with the next test file", () => {
  it("are found", () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it("mock no module: a mock would answer every later file's imports in the same worker", () => {
    expect(files.filter(({ text }) => MODULE_MOCK.test(text)).map(({ path }) => path)).toEqual([]);
  });

  it("take no hooks from a helper's import: each test file registers its own", () => {
    const helpers = files.filter(({ path }) => !/\.test\.tsx?$/.test(path));
    expect(helpers.filter(({ text }) => TOP_LEVEL_HOOK.test(text)).map(({ path }) => path)).toEqual([]);
  });

  it("put the real clock back wherever they fake it", () => {
    const leaving = files.filter(
      ({ text }) => text.includes("vi.useFakeTimers(") && !text.includes("vi.useRealTimers()"),
    );
    expect(leaving.map(({ path }) => path)).toEqual([]);
  });
});
