/**
 * Byte-level work on picked files, pure so it runs (and is tested) in Node as in the browser:
 * what a file really is, whether a JPEG's structure is intact, and a JPEG's metadata rewritten so
 * that no location leaves the phone while the capture date stays.
 *
 * Why our own few lines instead of a library for writing EXIF: exifr (used to read) does not
 * write; piexifjs, the usual writer, is unmaintained since 2017 and keeps GPS unless told tag by
 * tag; browser-image-compression's preserveExif copies the whole APP1, GPS included. Replacing
 * every metadata segment with a fresh, minimal EXIF block (orientation and dates, nothing else) is
 * small, leaves nothing behind (XMP, IPTC and MPF secondary images can hold a location too), and is
 * checked with exifr on real phone photos in test/unit/photo-bytes.test.ts.
 */

import { detectKind, type DocumentKind } from "../../contract/upload-rules.ts";

/** What the bytes of a picked file are, whatever its name says. */
export type PickedKind = DocumentKind | "heic" | "unknown";

const ascii = (bytes: Uint8Array, from: number, length: number) =>
  String.fromCharCode(...bytes.subarray(from, from + length));

/** HEIF brands phones write (ISO/IEC 23008-12): iPhones `heic`, others `mif1`, `heix`, ... */
const HEIF_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"]);

/**
 * The real kind of a file from its first 12 bytes or more.
 * @returns "unknown" for anything that is not JPEG, PNG, PDF or HEIC/HEIF
 */
export function sniffKind(head: Uint8Array): PickedKind {
  // The stored kinds by the same magic numbers the server checks an upload with.
  const stored = detectKind(head);
  if (stored) return stored;
  if (head.length >= 12 && ascii(head, 4, 4) === "ftyp" && HEIF_BRANDS.has(ascii(head, 8, 4))) return "heic";
  return "unknown";
}

interface Segment {
  marker: number;
  /** Offset of the 0xFF of the marker. */
  start: number;
  /** Offset just past the segment (marker, length and payload). */
  end: number;
}

/** The marker segments before the first scan, and where that scan's header starts. */
function headerSegments(bytes: Uint8Array): { segments: Segment[]; scanStart: number } | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  const segments: Segment[] = [];
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    const length = (bytes[offset + 2]! << 8) | bytes[offset + 3]!;
    if (length < 2 || offset + 2 + length > bytes.length) return null;
    if (marker === 0xda) return { segments, scanStart: offset };
    segments.push({ marker, start: offset, end: offset + 2 + length });
    offset += 2 + length;
  }
  return null;
}

/**
 * Where the primary image ends (just past its EOI), walking the scans: in entropy-coded data a 0xFF
 * is followed by 0x00 (a stuffed byte), a restart marker in sequence, fill bytes before a marker, or
 * a marker a progressive JPEG may carry between scans.
 * @returns the end offset, or null when the structure is broken (what a damaged photo looks like:
 * Chromium would still draw it, grey where the data is missing)
 */
export function jpegEnd(bytes: Uint8Array): number | null {
  const header = headerSegments(bytes);
  if (!header) return null;
  let offset = header.scanStart;
  // Markers allowed between scans of a progressive or multi-scan JPEG.
  const betweenScans = new Set([0xc4, 0xcc, 0xdb, 0xdd, 0xfe, 0xda]);
  while (offset + 4 <= bytes.length) {
    const marker = bytes[offset + 1]!;
    if (bytes[offset] !== 0xff || !betweenScans.has(marker)) return null;
    const length = (bytes[offset + 2]! << 8) | bytes[offset + 3]!;
    offset += 2 + length;
    if (marker !== 0xda) continue;
    let nextRestart = 0;
    // Entropy-coded data of this scan.
    for (;;) {
      if (offset + 1 >= bytes.length) return null;
      if (bytes[offset] !== 0xff) {
        offset += 1;
        continue;
      }
      const next = bytes[offset + 1]!;
      if (next === 0x00) {
        offset += 2;
      } else if (next >= 0xd0 && next <= 0xd7) {
        if (next !== 0xd0 + nextRestart) return null; // a restart interval lost or repeated
        nextRestart = (nextRestart + 1) % 8;
        offset += 2;
      } else if (next === 0xff) {
        // Fill bytes may precede a marker; a long run of them is damage, not padding.
        let run = offset;
        while (run < bytes.length && bytes[run] === 0xff) run += 1;
        if (run - offset > 16 || run >= bytes.length) return null;
        offset = run - 1;
      } else if (next === 0xd9) {
        return offset + 2;
      } else if (betweenScans.has(next)) {
        break; // the next scan's tables or header
      } else {
        return null;
      }
    }
  }
  return null;
}

/** Metadata kept when a JPEG is rewritten: EXIF date strings as "YYYY:MM:DD HH:MM:SS". */
export interface KeptMetadata {
  dateTimeOriginal?: string;
  /** EXIF orientation 1..8 of pixels that were not re-encoded; omit for upright pixels. */
  orientation?: number;
}

const EXIF_DATE = /^\d{4}:\d{2}:\d{2} \d{2}:\d{2}:\d{2}$/;

/**
 * A minimal EXIF APP1 segment (big-endian TIFF): IFD0 with Orientation and DateTime, an Exif IFD
 * with DateTimeOriginal and DateTimeDigitized. Nothing else, so no GPS IFD.
 */
export function exifSegment(kept: KeptMetadata): Uint8Array {
  const date = kept.dateTimeOriginal && EXIF_DATE.test(kept.dateTimeOriginal) ? kept.dateTimeOriginal : undefined;
  const orientation = kept.orientation && kept.orientation >= 1 && kept.orientation <= 8 ? kept.orientation : undefined;
  type Entry = { tag: number; type: 2 | 3 | 4; count: number; value: number | string };
  const ifd0: Entry[] = [];
  if (orientation) ifd0.push({ tag: 0x0112, type: 3, count: 1, value: orientation });
  if (date) ifd0.push({ tag: 0x0132, type: 2, count: 20, value: date });
  const exif: Entry[] = date
    ? [
        { tag: 0x9003, type: 2, count: 20, value: date },
        { tag: 0x9004, type: 2, count: 20, value: date },
      ]
    : [];
  if (exif.length) ifd0.push({ tag: 0x8769, type: 4, count: 1, value: 0 }); // offset patched below

  const ifdSize = (entries: Entry[]) => 2 + entries.length * 12 + 4;
  const dataSize = (entries: Entry[]) => entries.filter((e) => e.type === 2).length * 20;
  const ifd0Offset = 8;
  const ifd0Data = ifd0Offset + ifdSize(ifd0);
  const exifOffset = ifd0Data + dataSize(ifd0);
  const exifData = exifOffset + ifdSize(exif);
  const tiffLength = exif.length ? exifData + dataSize(exif) : exifOffset;

  const tiff = new Uint8Array(tiffLength);
  const view = new DataView(tiff.buffer);
  tiff.set([0x4d, 0x4d, 0x00, 0x2a]);
  view.setUint32(4, ifd0Offset);
  const writeIfd = (entries: Entry[], at: number, dataAt: number) => {
    view.setUint16(at, entries.length);
    entries.forEach((entry, index) => {
      const pos = at + 2 + index * 12;
      view.setUint16(pos, entry.tag);
      view.setUint16(pos + 2, entry.type);
      view.setUint32(pos + 4, entry.count);
      if (entry.type === 3) view.setUint16(pos + 8, entry.value as number);
      else if (entry.type === 4) view.setUint32(pos + 8, entry.tag === 0x8769 ? exifOffset : (entry.value as number));
      else {
        view.setUint32(pos + 8, dataAt);
        tiff.set(new TextEncoder().encode(`${entry.value as string}\0`), dataAt);
        dataAt += 20;
      }
    });
    view.setUint32(at + 2 + entries.length * 12, 0); // no next IFD
  };
  writeIfd(ifd0, ifd0Offset, ifd0Data);
  if (exif.length) writeIfd(exif, exifOffset, exifData);

  const segment = new Uint8Array(4 + 6 + tiff.length);
  const length = segment.length - 2;
  segment.set([0xff, 0xe1, length >> 8, length & 0xff, 0x45, 0x78, 0x69, 0x66, 0, 0]);
  segment.set(tiff, 10);
  return segment;
}

/** APP segments that can carry a location: EXIF/XMP (APP1), MPF secondary images (APP2 "MPF"), IPTC (APP13). */
function carriesMetadata(bytes: Uint8Array, segment: Segment): boolean {
  if (segment.marker === 0xe1 || segment.marker === 0xed) return true;
  return segment.marker === 0xe2 && ascii(bytes, segment.start + 4, 4) === "MPF\0";
}

/**
 * The same JPEG with every metadata segment that can carry a location removed (EXIF with its GPS
 * IFD, XMP, IPTC, MPF and the secondary images after the primary one), and a minimal EXIF segment
 * with what is kept. The image data and colour profile (APP2 ICC) are untouched.
 * @returns null when the JPEG's structure is broken
 */
export function withCleanMetadata(bytes: Uint8Array, kept: KeptMetadata): Uint8Array | null {
  const header = headerSegments(bytes);
  const end = jpegEnd(bytes);
  if (!header || end === null) return null;
  const parts: Uint8Array[] = [bytes.subarray(0, 2)];
  const jfif = header.segments[0]?.marker === 0xe0 ? header.segments[0] : undefined;
  if (jfif) parts.push(bytes.subarray(jfif.start, jfif.end));
  parts.push(exifSegment(kept));
  for (const segment of header.segments) {
    if (segment === jfif || carriesMetadata(bytes, segment)) continue;
    parts.push(bytes.subarray(segment.start, segment.end));
  }
  parts.push(bytes.subarray(header.scanStart, end));
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
