/**
 * The contact-service journey in Chromium: three unknown warranty numbers (through Try Again), Contact
 * Service (opened within the page, no draft being kept), all four steps with the maps script
 * absent, a reload on step 3 that keeps every field, an invoice PDF uploaded, Submit, and the thank-you page with the Request Number; the database
 * then holds that ticket with every field and the document, byte-identical at its public path.
 * Every step is scanned with axe.
 */
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { accessibilityViolations, openPortal, type Portal } from "./harness.ts";
import { fillCustomerDetails, fillPurchaseDetails, reachWarrantyNotFound, requestIdInUrl } from "./steps.ts";

const PDF = fileURLToPath(new URL("../fixtures/shared-mime-info-spec.pdf", import.meta.url));

let portal: Portal;
let page: Page;

beforeAll(async () => {
  portal = await openPortal();
  page = portal.page;
  // The maps script is absent: no key is set, and any request for it would fail.
  await portal.context.route(/maps\.googleapis\.com/, (route) => route.abort());
});
afterAll(async () => {
  await portal?.close();
});

const heading = (name: string) => page.getByRole("heading", { level: 1, name });
const textbox = (name: RegExp) => page.getByRole("main").getByRole("textbox", { name });
const stepOfUrl = () => new URL(page.url()).searchParams.get("step");

describe("contact service, end to end", () => {
  it("turns three failed searches into a request the team can act on", async () => {
    // Three unknown numbers, through Try Again; with no draft kept, Contact Service opens within
    // the page already loaded (what it holds survives), not by loading it again.
    await reachWarrantyNotFound(page);
    await page.evaluate(() => Object.assign(window, { loadedBeforeContactService: true }));
    await page.getByRole("button", { name: "Contact Service" }).click();

    // Step 1: a new request with an id of its own.
    await heading("Customer Details").waitFor();
    const requestId = await requestIdInUrl(page);
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(stepOfUrl()).toBe("1");
    expect(await page.evaluate(() => "loadedBeforeContactService" in window)).toBe(true);
    expect(await page.getByRole("main").getByRole("combobox").count()).toBe(0); // no maps script: plain fields
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("alert", { name: "Please check the following" }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await fillCustomerDetails(page);
    expect(await textbox(/^Phone/).inputValue()).toBe("(212) 555-0134");
    await page.getByRole("button", { name: "Next" }).click();

    // Step 2.
    await heading("Purchase Details").waitFor();
    expect(stepOfUrl()).toBe("2");
    await fillPurchaseDetails(page);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Next" }).click();

    // Step 3: Next with no file says so; a reload keeps every field.
    await heading("Upload Documents").waitFor();
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText("Please upload atleast 1 files", { exact: true }).waitFor();
    await page.reload();
    await heading("Upload Documents").waitFor();
    expect(stepOfUrl()).toBe("3");
    await page.getByLabel(/Invoice or sales receipt/).setInputFiles(PDF);
    await page.getByRole("list", { name: "Uploaded files" }).getByText("shared-mime-info-spec.pdf").waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    // The browser's Back and Forward land where the URL says, with every field kept.
    await page.goBack();
    await heading("Purchase Details").waitFor();
    expect(await textbox(/^Store name/).inputValue()).toBe("Furniture Mart");
    expect(await page.getByRole("radio", { name: "No" }).isChecked()).toBe(true);
    await page.goBack();
    await heading("Customer Details").waitFor();
    expect(await textbox(/^Name on invoice/).inputValue()).toBe("Jane Doe");
    expect(await textbox(/^ZIP code/).inputValue()).toBe("10118");
    await page.goForward();
    await heading("Purchase Details").waitFor();
    await page.goForward();
    await heading("Upload Documents").waitFor();
    expect(stepOfUrl()).toBe("3");
    await page.getByRole("button", { name: "Next" }).click();

    // Step 4: everything, read-only, then Submit.
    await heading("Review Details").waitFor();
    const review = await page.getByRole("main").innerText();
    for (const shown of [
      "Jane Doe",
      "jane.doe@example.com",
      "(212) 555-0134",
      "350 5th Ave, New York, NY, 10118",
      "INV-100234",
      "March 15th, 2024",
      "Furniture Mart",
      "shared-mime-info-spec.pdf",
    ]) {
      expect(review).toContain(shown);
    }
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Submit" }).click();

    // Step 5: the Request Number.
    await heading("Thank you for submitting your request").waitFor();
    await page.getByText("We'll reach out soon").waitFor();
    const ticket = new URL(page.url()).searchParams.get("ticket");
    expect(ticket).toMatch(/^CS-\d{6}$/);
    expect(await page.getByRole("main").innerText()).toContain(ticket!);
    expect(stepOfUrl()).toBe("5");
    expect(await accessibilityViolations(page)).toEqual([]);

    // What the team receives.
    const [row] = await portal.server.db.query<Record<string, unknown>>(
      `SELECT ticket_number, name, email, phone, address, city, state, zip_code, invoice, to_char(date_of_purchase, 'YYYY-MM-DD') AS date_of_purchase,
              store_name, store_phone, store_address, store_city, store_state, store_zip, items_exchanged
       FROM contact_tickets WHERE request_id = $1`,
      [requestId],
    );
    expect(row).toEqual({
      ticket_number: ticket,
      name: "Jane Doe",
      email: "jane.doe@example.com",
      phone: "2125550134",
      address: "350 5th Ave",
      city: "New York",
      state: "NY",
      zip_code: "10118",
      invoice: "INV-100234",
      date_of_purchase: "2024-03-15",
      store_name: "Furniture Mart",
      store_phone: "2125550199",
      store_address: "1 Main St",
      store_city: "New York",
      store_state: "NY",
      store_zip: "10001",
      items_exchanged: false,
    });
    const documents = await portal.server.db.query<{ file_name: string }>(
      "SELECT d.file_name FROM contact_documents d JOIN contact_tickets t ON t.id = d.ticket_id WHERE t.request_id = $1",
      [requestId],
    );
    expect(documents).toHaveLength(1);
    const stored = await fetch(`${portal.server.url}/storage/contact_service/${requestId}/${documents[0]!.file_name}`);
    expect(Buffer.from(await stored.arrayBuffer()).equals(await readFile(PDF))).toBe(true);

    // Sent is sent: the draft is gone and Back to Home goes home.
    expect(await page.evaluate(() => document.cookie.includes("data="))).toBe(false);
    await page.getByRole("button", { name: "Back to Home" }).click();
    await page.waitForURL((url) => url.pathname === "/");
  });
});
