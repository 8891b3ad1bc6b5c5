/**
 * Where the portal serves tesseract.js's files under its own origin (issue 15: no CDN at run
 * time). scripts/ocr-assets.ts copies them there from node_modules; ocr.ts points tesseract.js at
 * them. Paths are relative to the app's base URL.
 */
import { version as coreVersion } from "tesseract.js-core/package.json";
import { version as workerVersion } from "tesseract.js/package.json";
import { version as dataVersion } from "@tesseract.js-data/eng/package.json";

/**
 * The versions of the worker, the core and the data name the folder, so the server can let
 * browsers keep these files for good (server/portal-files.ts): an upgrade changes every path.
 */
export const OCR_FOLDER = `ocr/${workerVersion}-${coreVersion}-${dataVersion}`;
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
export const OCR_CORE_FILES = ["tesseract-core-lstm.wasm.js", "tesseract-core-simd-lstm.wasm.js", "tesseract-core-relaxedsimd-lstm.wasm.js"] as const;
