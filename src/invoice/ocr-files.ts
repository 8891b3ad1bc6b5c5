/**
 * Where the portal serves tesseract.js's files under its own origin (no CDN at run
 * time). scripts/ocr-assets.ts copies them there from node_modules; ocr.ts points tesseract.js at
 * them. Paths are relative to the app's base URL.
 */
/**
 * The versions of tesseract.js (the worker), tesseract.js-core and @tesseract.js-data name the
 * folder, so the server can let browsers keep these files for good (src/server/portal-files.ts): an
 * upgrade changes every path. Written out rather than imported from their package.json files (the
 * whole file would ship); test/unit/ocr-files.test.ts fails when they no longer match.
 */
export const OCR_VERSIONS = { worker: "7.0.0", core: "7.0.0", data: "1.0.0" } as const;
const OCR_FOLDER = `ocr/${OCR_VERSIONS.worker}-${OCR_VERSIONS.core}-${OCR_VERSIONS.data}`;
/** tesseract.js's worker script. */
export const OCR_WORKER = `${OCR_FOLDER}/worker.min.js`;
/** The tesseract.js-core builds (wasm inlined in .wasm.js); the worker picks one by SIMD support. */
export const OCR_CORE = `${OCR_FOLDER}/core`;
/** <lang>.traineddata.gz for each of OCR_LANGUAGES. */
export const OCR_LANG = `${OCR_FOLDER}/lang`;
/**
 * The trained data set of @tesseract.js-data/<lang>: LSTM "best_int", what tesseract.js itself
 * loads for the LSTM engine. Also names the browser's IndexedDB copy, so new data is never
 * shadowed by an old copy.
 */
export const OCR_DATA_SET = "4.0.0_best_int";
/** English and Spanish, the portal's languages. */
export const OCR_LANGUAGES = ["eng", "spa"] as const;
/** LSTM-only cores: the trained data is the LSTM "best_int" set, so the legacy engine is never loaded. */
export const OCR_CORE_FILES = [
  "tesseract-core-lstm.wasm.js",
  "tesseract-core-simd-lstm.wasm.js",
  "tesseract-core-relaxedsimd-lstm.wasm.js",
] as const;
