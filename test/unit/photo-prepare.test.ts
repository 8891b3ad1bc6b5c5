/**
 * What prepareFile (src/lib/photo-prepare.ts) does with each kind of picked file, with the
 * browser-only tools (worker, heic-to, exifr in the page) replaced by recorders; the real pipeline
 * runs in Chromium in test/e2e/uploads.test.ts.
 */
import exifr from "exifr";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { PhotoJob, PhotoResult } from "../../src/lib/photo-encode.ts";
import { PrepareError, prepareFile, type PrepareTools } from "../../src/lib/photo-prepare.ts";
import { MAX_UPLOAD_BYTES } from "../../contract/upload-rules.ts";

const FIXTURES = join(import.meta.dirname, "..", "fixtures");
const fixture = async (name: string, as = name) => new File([await readFile(join(FIXTURES, name))], as);

function tools(result: (job: Omit<PhotoJob, "id">) => PhotoResult["outcome"], encoded?: Blob) {
  const jobs: Array<Omit<PhotoJob, "id">> = [];
  const used: PrepareTools = {
    encode: async (job) => {
      jobs.push(job);
      const outcome = result(job);
      if (outcome === "encoded") return { id: 1, outcome, blob: encoded!, width: 10, height: 10, quality: 0.88 };
      if (outcome === "unchanged") return { id: 1, outcome, width: 10, height: 10 };
      return { id: 1, outcome, detail: "no" };
    },
    decodeHeic: async () => ({ width: 4032, height: 3024, close() {} }) as ImageBitmap,
    readMetadata: async (file) => {
      const read = await exifr.parse(new Uint8Array(await file.arrayBuffer()), {
        pick: ["DateTimeOriginal", "Orientation"],
        reviveValues: false,
        translateValues: false,
      });
      return { dateTimeOriginal: read?.DateTimeOriginal, orientation: read?.Orientation };
    },
  };
  return { used, jobs };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => "accepted",
    (error: unknown) => (error instanceof PrepareError ? error.reason : String(error)),
  );

describe("prepareFile", () => {
  it("a JPEG small enough goes with the same pixels, its location removed and its date kept", async () => {
    const { used, jobs } = tools(() => "unchanged");
    const prepared = await prepareFile(await fixture("iphone_hdr_YES.jpg"), used);
    expect(jobs).toMatchObject([{ force: false, maxBytes: MAX_UPLOAD_BYTES, maxSide: 4096 }]);
    expect(prepared.name).toBe("iphone_hdr_YES.jpg");
    const read = await exifr.parse(new Uint8Array(await prepared.arrayBuffer()), { gps: true, reviveValues: false });
    expect(read.DateTimeOriginal).toBe("2015:04:10 20:12:23");
    expect(read.GPSLatitude).toBeUndefined();
  });

  it("a HEIC photo is decoded and re-encoded to a .jpg carrying its capture date", async () => {
    const canvasJpeg = new Blob([await readFile(join(FIXTURES, "iphone_hdr_YES.jpg"))]);
    const { used, jobs } = tools(() => "encoded", canvasJpeg);
    const prepared = await prepareFile(await fixture("iphone_13_pro_max.HEIC"), used);
    expect(jobs).toMatchObject([{ force: true }]);
    expect(prepared.name).toBe("iphone_13_pro_max.jpg");
    expect(prepared.type).toBe("image/jpeg");
    expect(
      (await exifr.parse(new Uint8Array(await prepared.arrayBuffer()), { reviveValues: false })).DateTimeOriginal,
    ).toBe("2022:02:16 12:55:41");
  });

  it("refuses corrupted.jpg as damaged before any decoding, and an undecodable photo too", async () => {
    const { used, jobs } = tools(() => "unchanged");
    expect(await refusal(prepareFile(await fixture("corrupted.jpg"), used))).toBe("damaged");
    expect(jobs).toEqual([]);
    expect(await refusal(prepareFile(await fixture("iphone_hdr_YES.jpg"), tools(() => "undecodable").used))).toBe(
      "damaged",
    );
  });

  it("refuses a text file named .png, a PDF named .jpg and a .docx as unsupported", async () => {
    const { used } = tools(() => "unchanged");
    expect(await refusal(prepareFile(new File(["just some text, not a picture"], "sofa.png"), used))).toBe(
      "unsupported",
    );
    expect(await refusal(prepareFile(await fixture("shared-mime-info-spec.pdf", "scan.jpg"), used))).toBe(
      "unsupported",
    );
    expect(await refusal(prepareFile(new File(["%PDF-1.4"], "notes.docx"), used))).toBe("unsupported");
  });

  it("passes a PDF as it is and refuses one over 10485760 bytes as too big", async () => {
    const { used, jobs } = tools(() => "unchanged");
    const pdf = await fixture("shared-mime-info-spec.pdf");
    expect(await prepareFile(pdf, used)).toBe(pdf);
    const big = new File([new TextEncoder().encode("%PDF-1.4\n"), new Uint8Array(MAX_UPLOAD_BYTES)], "scan.pdf");
    expect(await refusal(prepareFile(big, used))).toBe("tooBig");
    expect(jobs).toEqual([]);
  });
});
