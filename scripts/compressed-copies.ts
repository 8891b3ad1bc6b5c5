/**
 * Vite plugin (vite-plugin-compression2): a brotli and a gzip copy, `name.br` and `name.gz`, beside
 * every built script, stylesheet, page, SVG and JSON file of 1 kB or more, so the server sends a
 * phone about a third of the bytes without compressing on each request (src/server/portal-files.ts
 * and welcome-page.ts serve them by Accept-Encoding). The plugin compresses what the bundle holds,
 * so a file must be in the bundle, not written beside it later: the prerendered pages are
 * (scripts/prerender-pages.ts emits them).
 */
import { promisify } from "node:util";
import { brotliCompress, constants, gzip, type InputType } from "node:zlib";
import type { Plugin } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
/** Below this a compressed copy saves less than its own request headers. */
const SMALLEST = 1024;
/**
 * The best levels are slow on the few multi-megabyte files (HEIC decoding, PDF and OCR workers):
 * brotli's best took some 12 s for each OCR core, where quality 5 takes half a second.
 */
const BEST_LEVEL_UP_TO = 512 * 1024;

const sizeOf = (bytes: InputType) => (typeof bytes === "string" ? Buffer.byteLength(bytes) : bytes.byteLength);

/** Brotli at its best quality, or at 5 for a file above BEST_LEVEL_UP_TO. */
async function brotliBySize(bytes: InputType): Promise<Buffer> {
  const size = sizeOf(bytes);
  const quality = size <= BEST_LEVEL_UP_TO ? constants.BROTLI_MAX_QUALITY : 5;
  return brotliAsync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: size },
  });
}

/** Gzip at level 9, or at 6 for a file above BEST_LEVEL_UP_TO. */
async function gzipBySize(bytes: InputType): Promise<Buffer> {
  return gzipAsync(bytes, { level: sizeOf(bytes) <= BEST_LEVEL_UP_TO ? 9 : 6 });
}

/**
 * The client build's compressed copies (not the SSR build of the welcome page). The plugin makes
 * them once the bundle is complete, the prerendered pages (scripts/prerender-pages.ts) and Vite's
 * preload map included;
 * test/e2e/compressed-copies.test.ts checks that every copy holds its file's final bytes.
 */
export function compressedCopies(): Plugin {
  const plugin = compression({
    include: /\.(js|mjs|css|html|svg|json|txt)$/,
    threshold: SMALLEST,
    algorithms: [defineAlgorithm(brotliBySize, {}), defineAlgorithm(gzipBySize, {})],
    // The names the server looks for beside each file (serveStatic's `precompressed`).
    filename: (_id, { algorithm }) => (algorithm === brotliBySize ? "[path][base].br" : "[path][base].gz"),
    deleteOriginalAssets: false,
  });
  // Not in the prerendered pages' SSR build (scripts/prerender-pages.ts), read once and deleted.
  return { ...plugin, apply: (userConfig, env) => env.command === "build" && !userConfig.build?.ssr };
}
