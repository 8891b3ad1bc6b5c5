/**
 * Vite plugin: writes a gzip and a brotli copy beside every built script, stylesheet, page and
 * SVG, so the server sends a phone about a third of the bytes without compressing on
 * each request (server/portal/portal-files.ts serves them by Accept-Encoding). Runs after the other
 * plugins' own closeBundle (the prerendered welcome pages are written by then).
 */
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin, ResolvedConfig } from "vite";

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt)$/;
/** Below this a compressed copy saves less than its own request headers. */
const SMALLEST = 1024;
/** The best levels are slow on the few multi-megabyte files (HEIC decoding, OCR cores): they get faster ones. */
const BEST_LEVEL_UP_TO = 512 * 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

/** Compresses every compressible file under `dir` into `name.gz` and `name.br`. */
export async function precompressFolder(dir: string): Promise<void> {
  const jobs: Promise<void>[] = [];
  for await (const path of files(dir)) {
    if (!COMPRESSIBLE.test(path) || (await stat(path)).size < SMALLEST) continue;
    jobs.push(
      (async () => {
        const bytes = await readFile(path);
        const small = bytes.length <= BEST_LEVEL_UP_TO;
        const quality = small ? constants.BROTLI_MAX_QUALITY : 5;
        const [gz, br] = await Promise.all([
          gzipAsync(bytes, { level: small ? 9 : 6 }),
          brotliAsync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
        ]);
        await Promise.all([writeFile(`${path}.gz`, gz), writeFile(`${path}.br`, br)]);
      })(),
    );
  }
  await Promise.all(jobs);
}

export function precompress(): Plugin {
  let config: ResolvedConfig;
  let written = false;
  return {
    name: "precompress",
    apply: (userConfig, env) => env.command === "build" && !userConfig.build?.ssr,
    enforce: "post",
    configResolved(resolved) {
      config = resolved;
    },
    writeBundle() {
      written = true;
    },
    closeBundle: {
      order: "post",
      sequential: true,
      async handler() {
        if (written) await precompressFolder(resolve(config.root, config.build.outDir));
      },
    },
  };
}
