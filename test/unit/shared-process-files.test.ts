/**
 * The test files that share one process and module graph per worker (vite.config.ts: the
 * unit-shared, server-pg and e2e projects, `isolate: false`), and the helpers they import, leave
 * nothing behind for the next file of the same worker. Stubbed globals and spies vitest puts back
 * itself (`unstubGlobals`, `unstubEnvs`, `restoreMocks`); what it cannot put back is kept out here:
 * a module mock (it would answer the next file's imports too) and fake timers a file never ends.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const SHARED_PROCESS_FOLDERS = ["test/server", "test/server-pg", "test/machines", "test/e2e", "test/model"];
const MODULE_MOCK = /\bvi\.(mock|doMock|unmock|doUnmock|resetModules)\(/;

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

  it("put the real clock back wherever they fake it", () => {
    const leaving = files.filter(({ text }) => text.includes("vi.useFakeTimers(") && !text.includes("vi.useRealTimers()"));
    expect(leaving.map(({ path }) => path)).toEqual([]);
  });
});
