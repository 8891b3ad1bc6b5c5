/**
 * Vite plugin: the files tesseract.js loads at run time, served by the portal itself, not
 * a CDN. From node_modules it takes tesseract.js's worker script, the LSTM-only tesseract.js-core
 * builds (wasm inlined; the worker picks one by SIMD support) and the English and Spanish trained
 * data (gzipped; tesseract.js inflates it itself), and writes them under dist/ocr/ in a build or
 * serves them from there in `vite dev`. Paths: src/invoice/ocr-files.ts.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Plugin } from "vite";
import {
  OCR_CORE,
  OCR_CORE_FILES,
  OCR_DATA_SET,
  OCR_LANG,
  OCR_LANGUAGES,
  OCR_WORKER,
} from "../src/invoice/ocr-files.ts";

const require = createRequire(import.meta.url);

/** Served path (relative to the base URL) and the file in node_modules it comes from. */
function ocrAssetFiles(): Array<{ path: string; from: string }> {
  return [
    { path: OCR_WORKER, from: require.resolve("tesseract.js/dist/worker.min.js") },
    ...OCR_CORE_FILES.map((name) => ({
      path: `${OCR_CORE}/${name}`,
      from: require.resolve(`tesseract.js-core/${name}`),
    })),
    ...OCR_LANGUAGES.map((lang) => ({
      path: `${OCR_LANG}/${lang}.traineddata.gz`,
      from: require.resolve(`@tesseract.js-data/${lang}/${OCR_DATA_SET}/${lang}.traineddata.gz`),
    })),
  ];
}

/** Content types as the reference server's static files get them (hono's table). */
const TYPES: Record<string, string> = {
  js: "text/javascript; charset=utf-8",
  gz: "application/gzip",
  wasm: "application/wasm",
};

export function ocrAssets(): Plugin {
  let base = "/";
  return {
    name: "claims-portal:ocr-assets",
    // The browser's files: a server-side build (the pages' renderer) has no use for them.
    apply: (userConfig) => !userConfig.build?.ssr,
    configResolved(config) {
      base = config.base;
    },
    configureServer(server) {
      const files = new Map(ocrAssetFiles().map(({ path, from }) => [`${base}${path}`, from]));
      server.middlewares.use((req, res, next) => {
        const from = files.get((req.url ?? "").split("?")[0] ?? "");
        if (!from) return next();
        res.setHeader("Content-Type", TYPES[from.split(".").pop() ?? ""] ?? "application/octet-stream");
        res.end(readFileSync(from));
      });
    },
    generateBundle() {
      for (const { path, from } of ocrAssetFiles())
        this.emitFile({ type: "asset", fileName: path, source: readFileSync(from) });
    },
  };
}
