/**
 * A contact-service request found again (SPEC.md section 3 "Contact service data": kept on the
 * device for a day), in Chromium: half of step 1 typed in one tab, the tab closed, then a new tab
 * of the same browser comes back through the not-found screen's Contact Service, a reload, plain
 * /contact-service and an old step link, and finds the fields as typed; typing keeps the rest; only
 * 'Start a new request', confirmed, empties it. A request sent does not come back.
 */
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { accessibilityViolations, openPortal, type Portal } from "./harness.ts";
import { fillCustomerDetails, fillPurchaseDetails, reachWarrantyNotFound, requestIdInUrl } from "./steps.ts";

const PDF = fileURLToPath(new URL("../fixtures/shared-mime-info-spec.pdf", import.meta.url));

let portal: Portal;

beforeAll(async () => {
  portal = await openPortal();
});
afterAll(async () => {
  await portal?.close();
});

const heading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name });
const textbox = (page: Page, name: RegExp) => page.getByRole("main").getByRole("textbox", { name });

/** A new tab of the browser, with the maps script absent (no key is set). */
async function newTab(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.route(/maps\.googleapis\.com/, (route) => route.abort());
  return page;
}

/** Step 1 with the name, email and phone as given (empty strings for empty fields). */
async function expectCustomer(page: Page, name: string, email: string, phone: string): Promise<void> {
  await heading(page, "Customer Details").waitFor();
  await expect.poll(() => textbox(page, /^Name on invoice/).inputValue(), { timeout: 15_000 }).toBe(name);
  expect(await textbox(page, /^Email/).inputValue()).toBe(email);
  expect(await textbox(page, /^Phone/).inputValue()).toBe(phone);
}

/** The request id in the URL comes to be `id` (the step shown writes it a moment after its title shows). */
async function expectIdInUrl(page: Page, id: string | null): Promise<void> {
  await expect.poll(() => new URL(page.url()).searchParams.get("id"), { timeout: 15_000 }).toBe(id);
}

describe("a contact-service request on return", () => {
  it("is found again from every way in, keeps the rest when typed into, and empties only on request", async () => {
    const context = await portal.newContext();
    // Half of step 1, then the tab is closed.
    const first = await newTab(context);
    await first.goto("/contact-service");
    await heading(first, "Customer Details").waitFor();
    const requestId = await requestIdInUrl(first);
    await textbox(first, /^Name on invoice/).fill("Jane Doe");
    await textbox(first, /^Email/).fill("jane.doe@example.com");
    await first.close();

    // Through the not-found screen: the same request, its fields as typed, said to be kept.
    const second = await newTab(context);
    await reachWarrantyNotFound(second);
    await second.getByRole("button", { name: "Contact Service" }).click();
    await heading(second, "Customer Details").waitFor();
    await expectCustomer(second, "Jane Doe", "jane.doe@example.com", "");
    await expectIdInUrl(second, requestId);
    await second.getByRole("button", { name: "Start a new request" }).waitFor();
    expect(await accessibilityViolations(second)).toEqual([]);

    // Typing the next field keeps the others, through a reload.
    await textbox(second, /^Phone/).fill("2125550134");
    await second.reload();
    await expectCustomer(second, "Jane Doe", "jane.doe@example.com", "(212) 555-0134");
    await expectIdInUrl(second, requestId);
    await second.close();

    // Plain /contact-service, and an old link to another request's step 1.
    const third = await newTab(context);
    await third.goto("/contact-service");
    await expectCustomer(third, "Jane Doe", "jane.doe@example.com", "(212) 555-0134");
    await expectIdInUrl(third, requestId);
    await third.goto("/contact-service?step=1&id=0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d");
    await expectCustomer(third, "Jane Doe", "jane.doe@example.com", "(212) 555-0134");
    await expectIdInUrl(third, requestId);

    // A new request only when asked, and confirmed: keeping it first changes nothing.
    await third.getByRole("button", { name: "Start a new request" }).click();
    const question = third.getByRole("dialog", { name: "Start a new request?" });
    await question.waitFor();
    expect(await accessibilityViolations(third)).toEqual([]);
    await question.getByRole("button", { name: "Keep my request" }).click();
    await question.waitFor({ state: "hidden" });
    await expectCustomer(third, "Jane Doe", "jane.doe@example.com", "(212) 555-0134");
    await third.getByRole("button", { name: "Start a new request" }).click();
    await question.getByRole("button", { name: "Delete it and start again" }).click();
    await third.waitForURL((url) => url.searchParams.get("id") !== requestId && url.searchParams.get("step") === "1");
    await expectCustomer(third, "", "", "");
    await third.getByRole("button", { name: "Start a new request" }).waitFor({ state: "hidden" });
    // Focus is not lost with the button that had it: it goes to the new request's title.
    await expect
      .poll(() => third.evaluate(() => document.activeElement?.textContent), { timeout: 15_000 })
      .toBe("Customer Details");
    await third.close();

    // The old request is gone for good: a new tab finds nothing kept.
    const fourth = await newTab(context);
    await fourth.goto("/contact-service");
    await expectCustomer(fourth, "", "", "");
    expect(await requestIdInUrl(fourth)).not.toBe(requestId);
    await context.close();
  }, 240_000);

  it("a request sent does not come back after the thank-you page", async () => {
    const context = await portal.newContext();
    const page = await newTab(context);
    await page.goto("/contact-service");
    await heading(page, "Customer Details").waitFor();
    await fillCustomerDetails(page);
    await page.getByRole("button", { name: "Next" }).click();
    await heading(page, "Purchase Details").waitFor();
    await fillPurchaseDetails(page);
    await page.getByRole("button", { name: "Next" }).click();
    await heading(page, "Upload Documents").waitFor();
    await page.getByLabel(/Invoice or sales receipt/).setInputFiles(PDF);
    await page.getByRole("list", { name: "Uploaded files" }).getByText("shared-mime-info-spec.pdf").waitFor();
    await page.getByRole("button", { name: "Next" }).click();
    await heading(page, "Review Details").waitFor();
    await page.getByRole("button", { name: "Submit" }).click();
    await heading(page, "Thank you for submitting your request").waitFor();
    await page.waitForURL((url) => url.searchParams.has("ticket"));
    const sentId = await requestIdInUrl(page);
    await page.close();

    const again = await newTab(context);
    await again.goto("/contact-service");
    await expectCustomer(again, "", "", "");
    expect(await requestIdInUrl(again)).not.toBe(sentId);
    await again.getByRole("button", { name: "Start a new request" }).waitFor({ state: "hidden" });
    await context.close();
  }, 240_000);
});
