/**
 * In Chromium, against the built portal and the reference API: finding a plan from the
 * invoice. Jane Doe's phone photo is read by OCR and Carlos Rivera's emailed PDF by its text
 * layer, each on the device; the verify form shows what was read; Search lands on their plans.
 * A long PDF that is not an invoice opens the form empty with a friendly line, and nothing of a
 * receipt is ever sent to the server.
 */
import { fileURLToPath } from "node:url";
import type { Page, Request } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { INVOICE_FIXTURES } from "../model/invoice-fixtures.ts";
import { accessibilityViolations, openPortal, type Portal } from "./harness.ts";

/** OCR of a phone photo on a busy 2-core machine: generous, never asserted as a time. */
const READING_TIMEOUT = 120_000;

let portal: Portal;
let page: Page;
/** What the page sent to the server, other than fetching the portal's own files. */
let sent: string[];
/** Every URL the page fetched, and the Cache-Control of the OCR files it got. */
let fetched: string[];
let ocrCaching: string[];

beforeAll(async () => {
  portal = await openPortal();
});
afterAll(async () => {
  await portal?.close();
});
beforeEach(async () => {
  page = await portal.context.newPage();
  sent = [];
  fetched = [];
  ocrCaching = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname.startsWith("/ocr/"))
      ocrCaching.push(response.headers()["cache-control"] ?? "");
  });
  page.on("request", (request: Request) => {
    fetched.push(request.url());
    if (request.method() !== "GET")
      sent.push(`${request.method()} ${new URL(request.url()).pathname} ${request.postData()?.length ?? 0} bytes`);
  });
});

async function openInvoiceSearch(language: "en" | "es" = "en") {
  await page.goto(`/find-claim/select-search-method?lng=${language}`);
  await page.getByLabel(language === "en" ? "Use my invoice or receipt" : "Usar mi factura o recibo").check();
  await page.getByRole("button", { name: language === "en" ? "Search" : "Buscar" }).click();
  await page
    .getByRole("heading", {
      name: language === "en" ? "Find your plan with your invoice" : "Encuentre su plan con su factura",
    })
    .waitFor();
}

async function chooseInvoice(path: string) {
  await page.getByLabel("Choose a PDF or photo").setInputFiles(path);
  await page
    .getByRole("heading", { name: "Check the details from your invoice" })
    .waitFor({ timeout: READING_TIMEOUT });
}

const field = (name: string) => page.getByRole("textbox", { name, exact: true });

async function plansShown(): Promise<string[]> {
  await page.getByRole("heading", { name: "Select your Plan" }).waitFor();
  await page.getByRole("radio").first().waitFor();
  const labels = await page
    .getByRole("radio")
    .evaluateAll((radios) =>
      radios.map((radio) => radio.closest("label")?.textContent ?? radio.getAttribute("aria-label") ?? ""),
    );
  return labels.map((label) => /[A-Z]-[A-Z0-9]{3}-[A-Z0-9]{6}/.exec(label)?.[0] ?? "?");
}

describe("finding a plan from the invoice", () => {
  it(
    "Jane Doe's invoice photo: read on the device, checked, searched, her plan found",
    { timeout: 240_000 },
    async () => {
      await openInvoiceSearch();
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.getByLabel("Choose a PDF or photo").setInputFiles(INVOICE_FIXTURES.janePhoto.path);
      await page.getByRole("heading", { name: "Reading your invoice" }).waitFor();
      await page.getByRole("progressbar").waitFor();
      await page
        .getByRole("heading", { name: "Check the details from your invoice" })
        .waitFor({ timeout: READING_TIMEOUT });
      expect(await accessibilityViolations(page)).toEqual([]);

      expect(await field("First name").inputValue()).toBe("Jane");
      expect(await field("Last name").inputValue()).toBe("Doe");
      expect(await field("Invoice number").inputValue()).toBe("INV-100234");
      // The receipt never left the device: reading sent nothing. Every file the reader needed came
      // from the portal itself (no CDN), and the OCR files may be kept: their folder is versioned.
      expect(sent).toEqual([]);
      expect(
        fetched.filter(
          (url) => !url.startsWith(portal.server.url) && !url.startsWith("blob:") && !url.startsWith("data:"),
        ),
      ).toEqual([]);
      expect(ocrCaching.length).toBeGreaterThan(0);
      for (const caching of ocrCaching) expect(caching).toContain("immutable");

      await page.getByRole("button", { name: "Search", exact: true }).click();
      // Her plans, the active one of this invoice chosen (the expired one is listed, not selectable).
      expect(await plansShown()).toContain("W-E34-WS4566");
      expect(await page.getByRole("radio", { name: /W-E34-WS4566/ }).isChecked()).toBe(true);
      expect(sent).toEqual([expect.stringMatching(/^POST \/api\/v1\/search_plan \d+ bytes$/)]);
    },
  );

  it("Carlos Rivera's PDF: both his plans", { timeout: 240_000 }, async () => {
    await openInvoiceSearch();
    await chooseInvoice(INVOICE_FIXTURES.carlosPdf.path);
    expect(await field("First name").inputValue()).toBe("Carlos");
    expect(await field("Last name").inputValue()).toBe("Rivera");
    expect(await field("Invoice number").inputValue()).toBe("INV-200871");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    expect((await plansShown()).sort()).toEqual(["W-K77-AB1020", "W-K77-AB1021"]);
  });

  it(
    "a long PDF that is no invoice opens the form empty with a friendly line; Spanish, accessible",
    { timeout: 240_000 },
    async () => {
      await openInvoiceSearch("es");
      expect(await accessibilityViolations(page)).toEqual([]);
      await page
        .getByLabel("Elegir un PDF o una foto")
        .setInputFiles(fileURLToPath(new URL("../fixtures/shared-mime-info-spec.pdf", import.meta.url)));
      await page.getByRole("heading", { name: "Revise los datos de su factura" }).waitFor({ timeout: READING_TIMEOUT });
      await page.getByText(/No encontramos sus datos en este archivo/).waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.getByRole("button", { name: "Buscar", exact: true }).click();
      await page.getByText("Escriba el número de factura, o un correo electrónico o un teléfono").first().waitFor();
      expect(sent).toEqual([]);
    },
  );
});
