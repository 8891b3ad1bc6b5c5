/**
 * The product's code and its tests say why in their own words: a comment, docstring, test name or
 * script that cites "issue N" means nothing to a reader of the code, who has no tracker open beside
 * it. Every file under the product's folders, the tests, CI's script and the two build configs is
 * read, as `git grep -i "issue [0-9]"` would, and no line may cite an issue.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const FOLDERS = ["src", "server", "machines", "contract", "scripts"];
const FILES = ["eslint.config.js", "vite.config.ts"];
/** Read for citations too; this file is left out, as its examples are citations on purpose. */
const CITING_TOO = [...filesUnder("test").filter((path) => !path.endsWith("no-issue-citations.test.ts")), ".ci/run"];
const CITATION = /issue [0-9]/i;
/**
 * Reads of a library's private state: React's per-element fields (`__reactProps$…`,
 * `__reactFiber$…`) and TanStack Router's underscored internals (`router.__store`,
 * `match._nonReactive`, the `__TSR_…` keys of its history state). Public APIs only.
 */
const LIBRARY_INTERNALS = /__react[A-Z]|\.__store\b|\._nonReactive\b|__TSR_/;

/** Every file under `folder`, outside node_modules, as paths from the repository root. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => !path.split(/[\\/]/).includes("node_modules"));
}

/** The lines of the text files among `paths` that match `pattern`, as `path:line: text`. */
function linesMatching(paths: string[], pattern: RegExp): string[] {
  const found: string[] = [];
  for (const path of paths) {
    const text = readFileSync(path, "utf8");
    if (text.includes("\0")) continue; // images and other binaries
    text.split("\n").forEach((line, index) => {
      if (pattern.test(line)) found.push(`${path}:${index + 1}: ${line.trim()}`);
    });
  }
  return found;
}

describe("the product's code cites no issue and reads no library internals", () => {
  it("no line of src, server, machines, contract, scripts, test, .ci or the build configs cites 'issue N'", () => {
    const paths = [...FOLDERS.flatMap(filesUnder), ...FILES, ...CITING_TOO];
    expect(paths.length).toBeGreaterThan(100);
    expect(linesMatching(paths, CITATION)).toEqual([]);
  });

  it("no line of them reads React's or the router's private fields", () => {
    const paths = [...FOLDERS.flatMap(filesUnder), ...FILES];
    expect(linesMatching(paths, LIBRARY_INTERNALS)).toEqual([]);
    expect(
      [
        'key.startsWith("__reactProps$")',
        "element.__reactFiber$abc",
        "router.__store.state",
        "match._nonReactive.loadPromise",
        "state.__TSR_index",
      ].every((line) => LIBRARY_INTERNALS.test(line)),
    ).toBe(true);
    expect(["__react", "reactProps", "store.state"].some((line) => LIBRARY_INTERNALS.test(line))).toBe(false);
  });

  it("finds a citation wherever a line has one, whatever its case", () => {
    expect(
      ["// kept across a reload (issue 14).", " * Issue 12's budget", "-- (ISSUE 9)"].every((line) =>
        CITATION.test(line),
      ),
    ).toBe(true);
    expect(["// the issue is the size", "an issued URL", "issues: none"].some((line) => CITATION.test(line))).toBe(
      false,
    );
  });
});
