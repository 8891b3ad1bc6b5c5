/**
 * Phone photos as they come, in Chromium against the built portal: a HEIC goes up as a
 * JPEG that decodes; a 12 MB photo the test draws (orientation 6, GPS, a date) goes up under
 * 10 MB, upright, without GPS, dated; the Nokia sample keeps its date and loses its GPS; a damaged
 * JPEG and a fake PNG are told apart; and a connection dropped under one of three parallel uploads
 * ends, after Retry, with exactly three documents on the server. One claim on Jane Doe's plan,
 * the Sofa for the photo checks and the Loveseat for the dropped connection.
 */
import exifr from "exifr";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withCleanMetadata } from "../../src/lib/photo-bytes.ts";
import { MAX_UPLOAD_BYTES } from "../../contract/upload-rules.ts";
import { fetchInSession, openPortal, type Portal } from "./harness.ts";

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));

let portal: Portal;
let page: Page;
let claimId: number;

beforeAll(async () => {
  portal = await openPortal();
  page = portal.page;
  await page.goto("/");
  await page.getByRole("button", { name: "Start" }).click();
  await page.getByLabel("I have my warranty number").check();
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("textbox", { name: "Warranty number" }).fill("W-E34-WS4566");
  await page.getByRole("button", { name: "Submit" }).click();
  await page.getByRole("heading", { name: "Select your Plan" }).waitFor();
  await page.getByRole("button", { name: "Submit" }).click();
  await page.getByRole("heading", { name: "Select damaged items under your plan" }).waitFor();
  await page.getByRole("checkbox", { name: /Sofa/ }).check();
  await page.getByRole("checkbox", { name: /Loveseat/ }).check();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("heading", { name: "Confirm/Update Item Details" }).waitFor();
  for (const select of ["Manufacturer", "Material", "Color"]) {
    for (const field of await page.getByLabel(select).all()) await field.selectOption({ index: 1 });
  }
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("heading", { name: "Report your damage" }).waitFor();
  claimId = Number(new URL(page.url()).searchParams.get("claimId"));
}, 60_000);
afterAll(async () => {
  await portal?.close();
});

const picker = (item: string) => page.getByLabel(new RegExp(`Photos and documents of the ${item}`));
const uploadedList = (item: string) =>
  page
    .getByRole("region", { name: item })
    .or(page.locator("section", { has: page.getByRole("heading", { name: item }) }))
    .first()
    .getByRole("list", { name: "Uploaded files" });

/** The documents of one claim item as stored: name, and the bytes the public storage serves. */
async function storedDocuments(item: string): Promise<Array<{ name: string; bytes: Buffer }>> {
  const rows = await portal.server.db.query<{ file_name: string }>(
    `SELECT d.file_name FROM documents d JOIN claim_items ci ON ci.id = d.claim_item_id
       JOIN plan_items pi ON pi.id = ci.plan_item_id JOIN lookup_values t ON t.id = pi.type_id
      WHERE d.claim_id = $1 AND t.name = $2 ORDER BY d.id`,
    [claimId, item],
  );
  return Promise.all(
    rows.map(async ({ file_name }) => {
      const served = await fetchInSession(
        portal.context,
        `${portal.server.url}/storage/claims_documentation/CL-${claimId}/photos-consumer/${file_name}`,
      );
      expect(served.status, file_name).toBe(200);
      return { name: file_name, bytes: Buffer.from(await served.arrayBuffer()) };
    }),
  );
}

/** Width, height and the colour at a few points of a JPEG, decoded by Chromium as a browser shows it. */
async function decoded(bytes: Buffer): Promise<{ width: number; height: number; left: number[]; right: number[] }> {
  return page.evaluate(async (base64) => {
    const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([data], { type: "image/jpeg" }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext("2d")!;
    context.drawImage(bitmap, 0, 0);
    const at = (x: number, y: number) => [...context.getImageData(x, y, 1, 1).data.slice(0, 3)];
    return {
      width: bitmap.width,
      height: bitmap.height,
      left: at(10, bitmap.height / 2),
      right: at(bitmap.width - 10, bitmap.height / 2),
    };
  }, bytes.toString("base64"));
}

/**
 * A JPEG over 10 MB drawn in the page: 4032x3024 as stored, red top and blue bottom tenths with noise
 * between, tagged orientation 6 (shown rotated a quarter turn clockwise: blue left, red right),
 * with a capture date and a GPS position the test writes itself.
 */
async function bigTaggedPhoto(): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const width = 4032;
    const height = 3024;
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext("2d")!;
    const image = context.createImageData(width, height);
    let seed = 1;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 4;
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        const band =
          y < height * 0.1
            ? [220, 20, 20]
            : y > height * 0.9
              ? [20, 20, 220]
              : [seed & 255, (seed >> 8) & 255, (seed >> 16) & 255];
        image.data.set([...band, 255], i);
      }
    }
    context.putImageData(image, 0, 0);
    // The lowest quality that makes it over 11.5 MB: about 12 MB, a typical 12 MP phone photo at worst.
    let blob = await canvas.convertToBlob({ type: "image/jpeg", quality: 0.96 });
    for (const quality of [0.97, 0.98, 0.99, 1]) {
      if (blob.size > 11.5 * 1024 * 1024) break;
      blob = await canvas.convertToBlob({ type: "image/jpeg", quality });
    }
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let text = "";
    for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(text);
  });
  const jpeg = withCleanMetadata(new Uint8Array(Buffer.from(base64, "base64")), {})!;
  // EXIF: IFD0 (Orientation 6, DateTime, Exif IFD, GPS IFD), Exif IFD (DateTimeOriginal), GPS IFD.
  const tiff = Buffer.alloc(256);
  tiff.write("MM\0*", 0, "latin1");
  tiff.writeUInt32BE(8, 4);
  const ifd = (at: number, entries: Array<[number, number, number, number]>) => {
    tiff.writeUInt16BE(entries.length, at);
    entries.forEach(([tag, type, count, value], index) => {
      const pos = at + 2 + index * 12;
      tiff.writeUInt16BE(tag, pos);
      tiff.writeUInt16BE(type, pos + 2);
      tiff.writeUInt32BE(count, pos + 4);
      if (type === 3 && count === 1) tiff.writeUInt16BE(value, pos + 8);
      else if (type === 2 && count <= 4) tiff.write("N\0", pos + 8, "latin1");
      else tiff.writeUInt32BE(value, pos + 8);
    });
    tiff.writeUInt32BE(0, at + 2 + entries.length * 12);
  };
  ifd(8, [
    [0x0112, 3, 1, 6],
    [0x0132, 2, 20, 160],
    [0x8769, 4, 1, 80],
    [0x8825, 4, 1, 110],
  ]);
  ifd(80, [[0x9003, 2, 20, 180]]);
  ifd(110, [
    [0x0001, 2, 2, 0],
    [0x0002, 5, 3, 200],
  ]);
  tiff.write("2025:06:01 09:30:00\0", 160, "latin1");
  tiff.write("2025:06:01 09:30:00\0", 180, "latin1");
  [48, 1, 51, 1, 2953, 100].forEach((n, i) => tiff.writeUInt32BE(n, 200 + i * 4));
  const app1 = Buffer.concat([
    Buffer.from([0xff, 0xe1, (tiff.length + 8) >> 8, (tiff.length + 8) & 0xff]),
    Buffer.from("Exif\0\0", "latin1"),
    tiff,
  ]);
  // Our own minimal EXIF segment follows SOI (and APP0); replace it with this one.
  const own = Buffer.from(jpeg);
  const at = own.indexOf(Buffer.from([0xff, 0xe1]));
  const ownLength = 2 + own.readUInt16BE(at + 2);
  return Buffer.concat([own.subarray(0, at), app1, own.subarray(at + ownLength)]);
}

describe("phone photos", () => {
  it("a HEIC, a 12 MB photo and the Nokia sample go up as JPEGs that decode, upright, dated, without GPS", async () => {
    const big = await bigTaggedPhoto();
    expect(big.length).toBeGreaterThan(MAX_UPLOAD_BYTES);
    const bigTags = await exifr.parse(big, { gps: true, reviveValues: false, translateValues: false });
    expect(bigTags).toMatchObject({
      Orientation: 6,
      DateTimeOriginal: "2025:06:01 09:30:00",
      GPSLatitude: [48, 51, 29.53],
    });
    const nokia = await readFile(fixture("HMD_Nokia_8.3_5G.jpg"));
    const nokiaTags = await exifr.parse(nokia, { gps: true, reviveValues: false });
    expect(nokiaTags.GPSLatitude).toBeDefined();

    const started = Date.now();
    await picker("Sofa").setInputFiles([
      {
        name: "iphone_13_pro_max.HEIC",
        mimeType: "image/heic",
        buffer: await readFile(fixture("iphone_13_pro_max.HEIC")),
      },
      { name: "big-photo.jpg", mimeType: "image/jpeg", buffer: big },
      { name: "HMD_Nokia_8.3_5G.jpg", mimeType: "image/jpeg", buffer: nokia },
    ]);
    const list = uploadedList("Sofa");
    // The storage names files safely: dots inside a name become underscores.
    for (const name of ["iphone_13_pro_max.jpg", "big-photo.jpg", "HMD_Nokia_8_3_5G.jpg"])
      await list.getByText(name).waitFor({ timeout: 60_000 });
    await page.getByText("files uploaded sucessfully").waitFor();
    console.info(`three photos prepared and uploaded in ${Date.now() - started} ms`);

    const stored = await storedDocuments("Sofa");
    expect(stored.map((document) => document.name.replace(/^[a-z0-9]+-/, "")).sort()).toEqual([
      "HMD_Nokia_8_3_5G.jpg",
      "big-photo.jpg",
      "iphone_13_pro_max.jpg",
    ]);
    const byName = (suffix: string) => stored.find((document) => document.name.endsWith(suffix))!.bytes;

    const heic = byName("-iphone_13_pro_max.jpg");
    const heicPixels = await decoded(heic);
    console.info(`HEIC 2182707 bytes -> JPEG ${heic.length} bytes, ${heicPixels.width}x${heicPixels.height}`);
    expect(heic.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(Math.max(heicPixels.width, heicPixels.height)).toBeLessThanOrEqual(4096);
    expect((await exifr.parse(heic, { reviveValues: false })).DateTimeOriginal).toBe("2022:02:16 12:55:41");

    const photo = byName("-big-photo.jpg");
    const photoTags = await exifr.parse(photo, { gps: true, reviveValues: false, translateValues: false });
    const pixels = await decoded(photo);
    console.info(`generated photo ${big.length} bytes -> ${photo.length} bytes, ${pixels.width}x${pixels.height}`);
    expect(photo.length).toBeLessThan(MAX_UPLOAD_BYTES);
    expect(photoTags.DateTimeOriginal).toBe("2025:06:01 09:30:00");
    expect(photoTags.Orientation ?? 1).toBe(1);
    expect(Object.keys(photoTags).filter((key) => key.startsWith("GPS"))).toEqual([]);
    // Upright: the pixels themselves are turned, portrait, blue on the left and red on the right.
    expect(pixels.height).toBeGreaterThan(pixels.width);
    expect(pixels.left[2]).toBeGreaterThan(150);
    expect(pixels.right[0]).toBeGreaterThan(150);

    const wide = byName("-HMD_Nokia_8_3_5G.jpg");
    const wideTags = await exifr.parse(wide, { gps: true, reviveValues: false });
    const widePixels = await decoded(wide);
    console.info(
      `Nokia ${nokia.length} bytes 4608x1976 -> ${wide.length} bytes, ${widePixels.width}x${widePixels.height}`,
    );
    expect(wideTags.DateTimeOriginal).toBe(nokiaTags.DateTimeOriginal);
    expect(Object.keys(wideTags).filter((key) => key.startsWith("GPS"))).toEqual([]);
    expect(widePixels.width).toBe(4096);
  }, 120_000);

  it("a damaged JPEG and a fake PNG get messages that say which and why, and nothing is stored", async () => {
    const before = (await storedDocuments("Sofa")).length;
    await picker("Sofa").setInputFiles([
      { name: "corrupted.jpg", mimeType: "image/jpeg", buffer: await readFile(fixture("corrupted.jpg")) },
      { name: "living-room.png", mimeType: "image/png", buffer: Buffer.from("just some text, not a picture") },
    ]);
    await page.getByText("File corrupted.jpg is damaged and cannot be opened. Please choose another photo.").waitFor();
    await page.getByText("File living-room.png is not supported").waitFor();
    await page.getByRole("list", { name: "Files being uploaded" }).waitFor({ state: "detached" });
    expect((await storedDocuments("Sofa")).length).toBe(before);
  });
});

describe("a dropped connection", () => {
  it("one of three parallel uploads loses its connection, shows Retry, and ends with exactly three documents", async () => {
    let dropping = true;
    const dropped: string[] = [];
    await page.route("**/api/v1/uploads/**", async (route) => {
      if (dropping && route.request().url().includes("shared-mime-info-spec")) {
        dropped.push(route.request().url());
        return route.abort("connectionreset");
      }
      return route.continue();
    });
    await picker("Loveseat").setInputFiles([
      fixture("shared-mime-info-spec.pdf"),
      fixture("iphone_hdr_YES.jpg"),
      fixture("portrait_6.jpg"),
    ]);
    const uploading = page.getByRole("list", { name: "Files being uploaded" });
    const row = uploading.getByRole("listitem").filter({ hasText: "shared-mime-info-spec.pdf" });
    await row.getByRole("button", { name: /Retry/ }).waitFor({ timeout: 20_000 });
    await row.getByText("file not uploaded.").waitFor();
    expect(dropped.length).toBe(3); // the first try and two automatic retries
    const list = uploadedList("Loveseat");
    for (const name of ["iphone_hdr_YES.jpg", "portrait_6.jpg"]) await list.getByText(name).waitFor();

    dropping = false;
    await row.getByRole("button", { name: /Retry/ }).click();
    await list.getByText("shared-mime-info-spec.pdf").waitFor();
    await uploading.waitFor({ state: "detached" });
    await page.unroute("**/api/v1/uploads/**");

    const stored = await storedDocuments("Loveseat");
    expect(stored.map((document) => document.name.replace(/^[a-z0-9]+-/, "")).sort()).toEqual([
      "iphone_hdr_YES.jpg",
      "portrait_6.jpg",
      "shared-mime-info-spec.pdf",
    ]);
    for (const name of ["iphone_hdr_YES.jpg", "portrait_6.jpg", "shared-mime-info-spec.pdf"])
      expect(await list.getByText(name).count(), name).toBe(1);
  }, 60_000);
});
