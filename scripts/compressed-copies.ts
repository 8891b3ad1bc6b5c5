/**
 * Vite plugin (vite-plugin-compression2): a brotli and a gzip copy, `name.br` and `name.gz`, beside
 * every built script, stylesheet, page, SVG and JSON file of 1 kB or more, so the server sends a
 * phone about a third of the bytes without compressing on each request (server/portal/portal-files.ts
 * and welcome-page.ts serve them by Accept-Encoding). The plugin compresses what the bundle holds
 * once every other plugin's generateBundle has run, so a file must be in the bundle by then, not
 * written beside it later: the prerendered welcome pages are (scripts/prerender-welcome.ts emits them).
 */
import { promisify } from "node:util";
import { brotliCompress, constants, gzip, type InputType } from "node:zlib";
import type { ConfigEnv, Plugin, ResolvedConfig, UserConfig } from "vite";
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
  return brotliAsync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: size } });
}

/** Gzip at level 9, or at 6 for a file above BEST_LEVEL_UP_TO. */
async function gzipBySize(bytes: InputType): Promise<Buffer> {
  return gzipAsync(bytes, { level: sizeOf(bytes) <= BEST_LEVEL_UP_TO ? 9 : 6 });
}

/**
 * The client build's compressed copies (not the SSR build of the welcome page), made once every
 * other plugin is done with the bundle. Left to itself, the plugin compresses inside the
 * generateBundle hook of a Vite plugin it looks up in the config (the manifest's; without a
 * manifest, `vite:build-import-analysis`), which runs before every `order: "post"` generateBundle:
 * the startup chunks' compile hint (scripts/compile-hints.ts), added in such a hook after Vite's
 * preload map, was missing from their copies. So the plugin is shown the config without a manifest
 * and with one plugin under that name, an anchor of ours whose post-ordered hook runs after every
 * other plugin's (this one comes last in the config). Should a later version of the plugin look
 * for another anchor, it fails the build at once; test/e2e/compressed-copies.test.ts checks that
 * every copy holds its file's final bytes.
 * @returns the plugin itself and the anchor, both to go in the config's plugins, in that order
 */
export function compressedCopies(): Plugin[] {
  const plugin = compression({
    include: /\.(js|mjs|css|html|svg|json|txt)$/,
    threshold: SMALLEST,
    algorithms: [defineAlgorithm(brotliBySize, {}), defineAlgorithm(gzipBySize, {})],
    // The names the server looks for beside each file (serveStatic's `precompressed`).
    filename: (_id, { algorithm }) => (algorithm === brotliBySize ? "[path][base].br" : "[path][base].gz"),
    deleteOriginalAssets: false,
  });
  const anchor = { name: "vite:build-import-analysis", generateBundle: { order: "post" as const, handler() {} } };
  const clientBuild = (userConfig: UserConfig, env: ConfigEnv) => env.command === "build" && !userConfig.build?.ssr;
  const configResolved = plugin.configResolved as (this: unknown, config: ResolvedConfig) => Promise<void>;
  return [
    {
      ...plugin,
      apply: clientBuild,
      configResolved(config) {
        return configResolved.call(this, { ...config, build: { ...config.build, manifest: false }, plugins: [anchor] as unknown as ResolvedConfig["plugins"] });
      },
    },
    // The plugin has wrapped the anchor's handler by now (configResolved runs before any build hook).
    { name: "compressed-copies", apply: clientBuild, enforce: "post", generateBundle: anchor.generateBundle },
  ];
}
