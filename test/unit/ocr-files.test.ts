/** The OCR folder names the installed versions (src/invoice/ocr-files.ts): an upgrade must rename it. */
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { OCR_LANGUAGES, OCR_VERSIONS } from "../../src/invoice/ocr-files.ts";

const require = createRequire(import.meta.url);
const versionOf = (name: string) => (require(`${name}/package.json`) as { version: string }).version;

describe("OCR files' folder", () => {
  it("names the installed tesseract.js, tesseract.js-core and trained data versions", () => {
    expect(OCR_VERSIONS).toEqual({
      worker: versionOf("tesseract.js"),
      core: versionOf("tesseract.js-core"),
      data: versionOf(`@tesseract.js-data/${OCR_LANGUAGES[0]}`),
    });
    for (const lang of OCR_LANGUAGES) expect(versionOf(`@tesseract.js-data/${lang}`)).toBe(OCR_VERSIONS.data);
  });
});
