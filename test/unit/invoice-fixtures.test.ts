/**
 * Every fixture invoice of test/fixtures/invoices/ (scripts/make-invoice-fixtures.ts) read the way
 * the browser reads it: PDFs by their text layer through pdf.js, photos and the scanned
 * PDF by tesseract.js with the English and Spanish data from node_modules (one worker, each image
 * once). Prints, per field, how many fixtures were read right; asserts what the Chromium journeys
 * need (Jane's photo, Carlos' PDF) and that every text-layer PDF reads entirely right.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNodeOcr, nodePdfText, type NodeOcr } from "../../scripts/invoice-node-reader.ts";
import { extractInvoiceFields, type InvoiceFields } from "../../src/invoice/extract-fields.ts";

const DIR = fileURLToPath(new URL("../fixtures/invoices/", import.meta.url));
const manifest = JSON.parse(readFileSync(`${DIR}manifest.json`, "utf8")) as Record<string, InvoiceFields>;
const FIELDS = Object.keys(Object.values(manifest)[0]!) as (keyof InvoiceFields)[];

interface Read {
  fields: InvoiceFields;
  source: "pdf-text" | "ocr";
  ms: number;
}

const read = new Map<string, Read>();
let ocr: NodeOcr;

beforeAll(async () => {
  const started = performance.now();
  ocr = await createNodeOcr();
  console.log(`tesseract.js worker (eng+spa) ready in ${Math.round(performance.now() - started)} ms`);
  for (const name of Object.keys(manifest)) {
    const bytes = new Uint8Array(readFileSync(`${DIR}${name}`));
    const t = performance.now();
    const { text, source } = name.endsWith(".pdf")
      ? await nodePdfText(bytes, ocr)
      : { text: await ocr.read(bytes), source: "ocr" as const };
    read.set(name, { fields: extractInvoiceFields(text), source, ms: Math.round(performance.now() - t) });
  }
}, 240_000);

afterAll(async () => {
  await ocr?.terminate();
});

describe("fixture invoices", () => {
  it("reports, per field, how many fixtures were read right", () => {
    const names = Object.keys(manifest);
    const lines = FIELDS.map((field) => {
      const wrong = names.filter((name) => read.get(name)?.fields[field] !== manifest[name]![field]);
      return `${field.padEnd(14)} ${names.length - wrong.length}/${names.length}${wrong.length ? `  wrong: ${wrong.map((n) => `${n} (${JSON.stringify(read.get(n)?.fields[field])})`).join(", ")}` : ""}`;
    });
    const times = names.map((name) => `${name} ${read.get(name)?.source} ${read.get(name)?.ms} ms`);
    console.log(`Invoice fields read right:\n${lines.join("\n")}\n\nRead in:\n${times.join("\n")}`);
    expect(read.size).toBe(names.length);
  });

  it("Jane Doe's photo gives her name and invoice number (the photo journey)", () => {
    expect(read.get("jane-doe-invoice.jpg")).toMatchObject({
      source: "ocr",
      fields: { firstName: "Jane", lastName: "Doe", invoiceNumber: "INV-100234" },
    });
  });

  it("Carlos Rivera's PDF is read by its text layer, every field right (the PDF journey)", () => {
    expect(read.get("carlos-rivera-invoice.pdf")).toMatchObject({
      source: "pdf-text",
      fields: manifest["carlos-rivera-invoice.pdf"],
    });
  });

  it("every text-layer PDF reads entirely right; the scanned one goes to OCR", () => {
    for (const [name, expected] of Object.entries(manifest)) {
      if (!name.endsWith(".pdf") || name.endsWith("-scan.pdf")) continue;
      expect(read.get(name), name).toMatchObject({ source: "pdf-text", fields: expected });
    }
    expect(read.get("jane-doe-invoice-scan.pdf")?.source).toBe("ocr");
  });
});
