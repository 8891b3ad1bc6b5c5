/**
 * The build's compressed copies (scripts/compressed-copies.ts), which the server sends by
 * Accept-Encoding: every built text file of a kilobyte or more has a brotli and a gzip copy beside
 * it, and each holds exactly that file's bytes, the bundle's last changes included (the
 * prerendered welcome pages written from the built welcome.html).
 */
import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { RENDERER_DIR } from "../../contract/rendered-routes.ts";

const TEXT = /\.(js|mjs|css|html|svg|json|txt)$/;
/** The size from which the build compresses a file (a smaller copy saves less than its headers). */
const SMALLEST = 1024;

let dir: string;
beforeAll(async () => {
  // The portal is built while the run goes on (global-setup.ts): wait for it, or fail with its error.
  const built = await fetch(inject("portalBuilt"));
  if (!built.ok) throw new Error(await built.text());
  dir = inject("portalDir");
});

/** The files the server sends: all the build's but its renderer's, which the server runs and never sends. */
async function builtFiles(): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .filter((file) => !file.startsWith(`${RENDERER_DIR}/`));
}

describe("the built portal's compressed copies", () => {
  it("are beside every text file of a kilobyte or more, and hold exactly its bytes", async () => {
    const files = new Set(await builtFiles());
    const text = [...files].filter((file) => TEXT.test(file));
    const compressed: string[] = [];
    for (const file of text) {
      const bytes = await readFile(join(dir, file));
      if (bytes.length < SMALLEST) continue;
      compressed.push(file);
      expect(files.has(`${file}.br`) && files.has(`${file}.gz`), `${file} has a .br and a .gz copy`).toBe(true);
      expect(
        brotliDecompressSync(await readFile(join(dir, `${file}.br`))).equals(bytes),
        `${file}.br holds ${file}`,
      ).toBe(true);
      expect(gunzipSync(await readFile(join(dir, `${file}.gz`))).equals(bytes), `${file}.gz holds ${file}`).toBe(true);
    }
    // The pages "/" is answered with are made after the bundle's other files, and compressed too.
    expect(compressed).toEqual(expect.arrayContaining(["welcome.en.html", "welcome.es.html"]));
    expect(compressed.length).toBeGreaterThan(40);
    // Nothing else gets a copy: small files, and files that are compressed already (the OCR data).
    const copies = [...files].filter((file) => /\.(br|gz)$/.test(file) && files.has(file.slice(0, -3)));
    expect(copies.length).toBe(2 * compressed.length);
  });
});
