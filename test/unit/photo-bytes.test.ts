/**
 * JPEG metadata rewritten at byte level (src/lib/photo-bytes.ts), checked with exifr on the real
 * phone photos of ../shared/samples: GPS gone, capture date kept, orientation kept for
 * pixels that were not re-encoded, image data untouched; a damaged JPEG recognised.
 */
import exifr from "exifr";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { exifSegment, jpegEnd, sniffKind, withCleanMetadata } from "../../src/lib/photo-bytes.ts";

const FIXTURES = join(import.meta.dirname, "..", "fixtures");
const sample = async (name: string) => new Uint8Array(await readFile(join(FIXTURES, name)));
const tags = (bytes: Uint8Array) => exifr.parse(bytes, { gps: true, reviveValues: false, translateValues: false });

/** A real photo given GPS tags by the test (the samples' own may not all carry them). */
function withGps(photo: Uint8Array): Uint8Array {
  // A TIFF block with IFD0 -> GPS IFD (latitude ref N, latitude 48/1 51/1 2953/100) and a date.
  const entry = (tag: number, type: number, count: number, value: number[]) => ({ tag, type, count, value });
  const tiff = new Uint8Array(200);
  const view = new DataView(tiff.buffer);
  tiff.set([0x4d, 0x4d, 0, 42]);
  view.setUint32(4, 8);
  // IFD0 at 8: 2 entries (DateTime string at 100, GPS pointer to 50)
  view.setUint16(8, 2);
  const ifd0 = [entry(0x0132, 2, 20, [100]), entry(0x8825, 4, 1, [50])];
  ifd0.forEach((e, i) => {
    const at = 10 + i * 12;
    view.setUint16(at, e.tag);
    view.setUint16(at + 2, e.type);
    view.setUint32(at + 4, e.count);
    view.setUint32(at + 8, e.value[0]!);
  });
  view.setUint32(34, 0);
  // GPS IFD at 50: LatitudeRef 'N', Latitude rationals at 130
  view.setUint16(50, 2);
  view.setUint16(52, 0x0001);
  view.setUint16(54, 2);
  view.setUint32(56, 2);
  tiff.set([0x4e, 0], 60);
  view.setUint16(64, 0x0002);
  view.setUint16(66, 5);
  view.setUint32(68, 3);
  view.setUint32(72, 130);
  view.setUint32(76, 0);
  tiff.set(new TextEncoder().encode("2024:05:06 07:08:09\0"), 100);
  [48, 1, 51, 1, 2953, 100].forEach((n, i) => view.setUint32(130 + i * 4, n));
  const segment = new Uint8Array(10 + tiff.length);
  segment.set([0xff, 0xe1, (segment.length - 2) >> 8, (segment.length - 2) & 0xff, 0x45, 0x78, 0x69, 0x66, 0, 0]);
  segment.set(tiff, 10);
  // Drop the photo's own APP1 segments, then put ours right after SOI.
  const clean = withCleanMetadata(photo, {})!;
  const app1 = 2 + (clean[2] === 0xff && clean[3] === 0xe0 ? 2 + ((clean[4]! << 8) | clean[5]!) : 0);
  const ownExifLength = 2 + ((clean[app1 + 2]! << 8) | clean[app1 + 3]!);
  return new Uint8Array([...clean.subarray(0, app1), ...segment, ...clean.subarray(app1 + ownExifLength)]);
}

describe("sniffKind", () => {
  it("tells JPEG, PNG, PDF and HEIC by their bytes, and a text file named .png as unknown", async () => {
    expect(sniffKind(await sample("iphone_hdr_YES.jpg"))).toBe("jpeg");
    expect(sniffKind(await sample("iphone_13_pro_max.HEIC"))).toBe("heic");
    expect(sniffKind(await sample("shared-mime-info-spec.pdf"))).toBe("pdf");
    expect(sniffKind(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))).toBe("png");
    expect(sniffKind(new TextEncoder().encode("just some text, not a picture"))).toBe("unknown");
  });
});

describe("jpegEnd", () => {
  it("finds the end of every intact sample and refuses corrupted.jpg and a truncated photo", async () => {
    for (const name of ["iphone_hdr_YES.jpg", "HMD_Nokia_8.3_5G.jpg", "portrait_6.jpg"]) {
      const bytes = await sample(name);
      expect(jpegEnd(bytes), name).toBeGreaterThan(bytes.length * 0.9);
    }
    expect(jpegEnd(await sample("corrupted.jpg"))).toBeNull();
    const photo = await sample("portrait_6.jpg");
    expect(jpegEnd(photo.subarray(0, photo.length / 2))).toBeNull();
  });
});

describe("withCleanMetadata", () => {
  it("HMD_Nokia_8.3_5G.jpg and iphone_hdr_YES.jpg lose their GPS and keep their capture date", async () => {
    for (const name of ["HMD_Nokia_8.3_5G.jpg", "iphone_hdr_YES.jpg"]) {
      const photo = await sample(name);
      const before = await tags(photo);
      expect(before.GPSLatitude, name).toBeDefined();
      const after = withCleanMetadata(photo, {
        dateTimeOriginal: before.DateTimeOriginal,
        orientation: before.Orientation,
      })!;
      const read = await tags(after);
      expect(read.DateTimeOriginal, name).toBe(before.DateTimeOriginal);
      expect(await exifr.gps(after).catch(() => undefined), name).toBeUndefined();
      expect(
        Object.keys(read).filter((key) => key.startsWith("GPS") || key === "latitude"),
        name,
      ).toEqual([]);
      // The image data is byte for byte the same.
      const tail = (bytes: Uint8Array) => Buffer.from(bytes.subarray(jpegEnd(bytes)! - 500_000, jpegEnd(bytes)!));
      expect(tail(after).equals(tail(photo)), name).toBe(true);
      expect(after.length, name).toBeLessThan(photo.length);
    }
  });

  it("a JPEG the test gives GPS tags loses them and keeps its date", async () => {
    const tagged = withGps(await sample("portrait_6.jpg"));
    const before = await tags(tagged);
    expect(before.GPSLatitude).toEqual([48, 51, 29.53]);
    expect(before.GPSLatitudeRef).toBe("N");
    const after = withCleanMetadata(tagged, { dateTimeOriginal: "2024:05:06 07:08:09" })!;
    expect(Object.keys(await tags(after)).filter((key) => key.startsWith("GPS"))).toEqual([]);
    expect((await tags(after)).DateTimeOriginal).toBe("2024:05:06 07:08:09");
  });

  it("keeps the orientation of portrait_6.jpg, whose pixels stay rotated", async () => {
    const photo = await sample("portrait_6.jpg");
    expect((await tags(withCleanMetadata(photo, { orientation: 6 })!)).Orientation).toBe(6);
  });

  it("refuses corrupted.jpg instead of passing it on", async () => {
    expect(withCleanMetadata(await sample("corrupted.jpg"), {})).toBeNull();
  });

  it("writes no tag it was not given", async () => {
    expect(await exifr.parse(new Uint8Array([0xff, 0xd8, ...exifSegment({}), 0xff, 0xd9]))).toBeUndefined();
  });
});
