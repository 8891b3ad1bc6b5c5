/**
 * The plan-search journeys in Chromium: every demo record of the README through every search path
 * (warranty number, email, phone in any formatting, invoice, with and without ZIP), the try
 * counter, opening a plan by link, and what Submit does on each plan type.
 */
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { accessibilityViolations, openPortal, signedPlanLink, type Portal } from "./harness.ts";

let portal: Portal;
let page: Page;
/** URLs of the tabs the portal opened (the legacy and claim-status sites are answered locally). */
let opened: string[];

beforeAll(async () => {
  portal = await openPortal();
  await portal.context.route(/^https:\/\/(legacy-claims|claims)\.example\.com\//, (route) =>
    route.fulfill({ body: "external site", contentType: "text/plain" }),
  );
});
afterAll(async () => {
  await portal?.close();
});
beforeEach(async () => {
  // Each test's page reports into its own list: a tab a test opened late never counts for the next.
  const tabs: string[] = [];
  opened = tabs;
  page = await portal.context.newPage();
  page.on("popup", (tab) => void tab.waitForLoadState().then(() => tabs.push(tab.url())));
});

async function searchByNumber(number: string) {
  await page.goto("/find-claim/select-search-method");
  await page.getByLabel("I have my warranty number").check();
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("textbox", { name: "Warranty number" }).fill(number);
  await page.getByRole("button", { name: "Submit" }).click();
}

async function searchByPerson(person: {
  first: string;
  last: string;
  zip?: string;
  by: "Email" | "Phone" | "Invoice";
  value: string;
}) {
  await page.goto("/find-claim/select-search-method");
  await page.getByLabel("Lookup based on personal information").check();
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("textbox", { name: "First name" }).fill(person.first);
  await page.getByRole("textbox", { name: "Last name" }).fill(person.last);
  if (person.zip) await page.getByRole("textbox", { name: "Home ZIP code" }).fill(person.zip);
  await page.getByRole("radio", { name: person.by }).check();
  const field = person.by === "Invoice" ? "Invoice number" : person.by;
  await page.getByRole("textbox", { name: field }).fill(person.value);
  await page.getByRole("button", { name: "Submit" }).click();
}

/** Only plans no claim can be filed on: the screen says why and offers Contact Service instead of a Submit. */
async function expectNoActivePlan(): Promise<void> {
  await page.getByRole("note").getByText("A claim can be filed only on an active plan", { exact: false }).waitFor();
  expect(await page.getByRole("button", { name: "Submit" }).count()).toBe(0);
  expect(await page.getByRole("button", { name: "Contact Service" }).isEnabled()).toBe(true);
}

async function plansShown(): Promise<string[]> {
  await page.getByRole("heading", { name: "Select your Plan" }).waitFor();
  await page.getByRole("radio").first().waitFor();
  const radios = page.getByRole("radio");
  const names: string[] = [];
  for (let i = 0; i < (await radios.count()); i++) {
    const radio = radios.nth(i);
    const number =
      /[A-Z]-[A-Z0-9]{3}-[A-Z0-9]{6}/.exec(
        (await radio.getAttribute("aria-label")) ?? (await radio.locator("xpath=..").innerText()),
      )?.[0] ?? "?";
    names.push(
      `${number}${(await radio.isChecked()) ? " (chosen)" : ""}${(await radio.isDisabled()) ? " (not selectable)" : ""}`,
    );
  }
  return names;
}

describe("finding a plan", () => {
  it("by warranty number: Jane's active plan, preselected", async () => {
    await searchByNumber("W-E34-WS4566");
    expect(await plansShown()).toEqual(["W-E34-WS4566 (chosen)"]);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it("by email, names in any case and spacing: both of Jane's plans, the active one first and chosen", async () => {
    await searchByPerson({ first: "  jane ", last: "DOE", by: "Email", value: "Jane.Doe@example.com" });
    expect(await plansShown()).toEqual(["W-E34-WS4566 (chosen)", "W-E34-WS4570 (not selectable)"]);
  });

  it("by phone typed with punctuation and a country code", async () => {
    await searchByPerson({ first: "Carlos", last: "Rivera", by: "Phone", value: "+1 305.555.0188" });
    expect(await plansShown()).toEqual(["W-K77-AB1020", "W-K77-AB1021"]); // two active plans: no preselection
    expect(await page.getByRole("button", { name: "Submit" }).isDisabled()).toBe(true);
  });

  it("by invoice number with the ZIP code", async () => {
    await searchByPerson({ first: "Chris", last: "Cole", zip: "98101", by: "Invoice", value: "inv-700901" });
    expect(await plansShown()).toEqual(["W-C00-CX0001 (not selectable)"]);
    await expectNoActivePlan();
  });

  it("a wrong ZIP code finds nothing", async () => {
    await searchByPerson({ first: "Chris", last: "Cole", zip: "10001", by: "Invoice", value: "INV-700901" });
    await page.getByRole("heading", { name: "We could not locate your warranty" }).waitFor();
  });

  it("an unknown number three times offers Contact Service instead of Try Again", async () => {
    await searchByNumber("W-X00-NOPE01");
    await page.getByRole("button", { name: "Try Again" }).click();
    await page.getByRole("textbox", { name: "Warranty number" }).fill("W-X00-NOPE02");
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByRole("button", { name: "Try Again" }).click();
    await page.getByRole("textbox", { name: "Warranty number" }).fill("W-X00-NOPE03");
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByRole("button", { name: "Contact Service" }).waitFor();
    expect(await page.getByRole("button", { name: "Try Again" }).count()).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);
    // Pressing Search on the method screen starts the count again.
    await page.goto("/");
    await page.getByRole("button", { name: "Start" }).click();
    await page.getByLabel("I have my warranty number").check();
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByRole("textbox", { name: "Warranty number" }).fill("W-X00-NOPE04");
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByRole("button", { name: "Try Again" }).waitFor();
  });

  it("a reload of select-plan re-runs the saved search", async () => {
    await searchByNumber("W-E34-WS4566");
    await plansShown();
    await page.reload();
    expect(await plansShown()).toEqual(["W-E34-WS4566 (chosen)"]);
  });
});

describe("opening a plan by link", () => {
  it("opens the FPP plan of its customer, preselected", async () => {
    const [plan] = await portal.server.db.query<{ id: number; customer_id: number }>(
      "SELECT id, customer_id FROM plans WHERE number = 'W-K77-AB1021'",
    );
    // The link as emailed: signed (npm run plan-link); the server checks it and drops exp and sig.
    await page.goto(
      signedPlanLink(portal.server, { planId: plan!.id, customerId: plan!.customer_id, planType: "fpp" }),
    );
    expect(await plansShown()).toEqual(["W-K77-AB1021 (chosen)"]);
  });

  it("goes to no warranty found for another customer, an unknown type or an unknown plan", async () => {
    const [plan] = await portal.server.db.query<{ id: number; customer_id: number }>(
      "SELECT id, customer_id FROM plans WHERE number = 'W-K77-AB1021'",
    );
    for (const link of [
      `${plan!.id}?customer_id=${plan!.customer_id + 1}&plan_type=FPP`,
      `${plan!.id}?customer_id=${plan!.customer_id}&plan_type=gold`,
      `999999?customer_id=1&plan_type=fpp`,
    ]) {
      await page.goto(`/find-claim/${link}`);
      await page.getByRole("heading", { name: "We could not locate your warranty" }).waitFor();
    }
  });
});

describe("Submit by plan type", () => {
  it("W-N07-NS0001's 'Not submitted' claim counts as a draft: it opens at step 2 and can be finished and submitted", async () => {
    const [claim] = await portal.server.db.query<{ id: number }>(
      "SELECT c.id FROM claims c JOIN plans p ON p.id = c.plan_id WHERE p.number = 'W-N07-NS0001'",
    );
    await searchByNumber("W-N07-NS0001");
    await plansShown();
    await page.getByRole("button", { name: "Submit" }).click();
    await page
      .getByRole("dialog", { name: "Continue Draft Claim" })
      .getByRole("button", { name: "Continue Draft Claim" })
      .click();
    await page.getByRole("heading", { level: 1, name: "Select damaged items under your plan" }).waitFor();
    expect(new URL(page.url()).searchParams.get("claimId")).toBe(String(claim!.id));
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("heading", { level: 1, name: "Confirm/Update Item Details" }).waitFor();
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("heading", { level: 1, name: "Report your damage" }).waitFor();
    // The saved damage is there; only the photo is missing.
    await page
      .getByLabel(/Photos and documents of the Sofa/)
      .setInputFiles(fileURLToPath(new URL("../fixtures/iphone_hdr_YES.jpg", import.meta.url)));
    await page.getByRole("list", { name: "Uploaded files" }).getByText("iphone_hdr_YES.jpg").waitFor();
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("heading", { level: 1, name: "Review claim details" }).waitFor();
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByRole("heading", { name: "Thank you for submitting your claim" }).waitFor();
    expect(await portal.server.db.query("SELECT status FROM claims WHERE id = $1", [claim!.id])).toEqual([
      { status: "Open" },
    ]);
  });

  it("W-D12-DR0001 has a draft: continue it, or delete it and file a new claim", async () => {
    const [draft] = await portal.server.db.query<{ id: number }>(
      "SELECT c.id FROM claims c JOIN plans p ON p.id = c.plan_id WHERE p.number = 'W-D12-DR0001' AND c.status = 'Draft'",
    );
    await searchByNumber("W-D12-DR0001");
    await plansShown();
    await page.getByRole("button", { name: "Submit" }).click();
    const dialog = page.getByRole("dialog", { name: "Continue Draft Claim" });
    await dialog.waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Continue Draft Claim" }).click();
    await page.getByRole("heading", { name: "Select damaged items under your plan" }).waitFor();
    expect(new URL(page.url()).searchParams.get("claimId")).toBe(String(draft!.id));
    expect(await page.getByRole("checkbox", { checked: true }).count()).toBeGreaterThan(0); // the draft's saved item

    await page.getByRole("button", { name: "Back" }).click();
    await plansShown();
    // Back on select-plan with the draft in the URL, Submit resumes it without asking again.
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByRole("heading", { name: "Select damaged items under your plan" }).waitFor();
    expect(new URL(page.url()).searchParams.get("claimId")).toBe(String(draft!.id));

    await searchByNumber("W-D12-DR0001");
    await plansShown();
    await page.getByRole("button", { name: "Submit" }).click();
    await page
      .getByRole("dialog", { name: "Continue Draft Claim" })
      .getByRole("button", { name: "Delete Draft & File New Claim" })
      .click();
    await page.getByRole("heading", { name: "Select damaged items under your plan" }).waitFor();
    const newClaimId = Number(new URL(page.url()).searchParams.get("claimId"));
    expect(newClaimId).not.toBe(draft!.id);
    expect(await portal.server.db.query("SELECT id FROM claims WHERE id = $1", [draft!.id])).toEqual([]);
    expect(await page.getByRole("checkbox", { checked: true }).count()).toBe(0);
  });

  it("W-P55-IP0001 has a claim in progress: View Claim Status opens the status site with its code", async () => {
    const [claim] = await portal.server.db.query<{ status_code: string }>(
      "SELECT c.status_code FROM claims c JOIN plans p ON p.id = c.plan_id WHERE p.number = 'W-P55-IP0001'",
    );
    await searchByNumber("W-P55-IP0001");
    await plansShown();
    await page.getByRole("button", { name: "Submit" }).click();
    const dialog = page.getByRole("dialog", { name: "Claim Already in Progress" });
    await dialog.getByText(/We've found that a claim is already in progress for this service plan/).waitFor();
    await dialog.getByRole("button", { name: "View Claim Status" }).click();
    await expect
      .poll(() => opened)
      .toEqual([new URL(`/claim-status?code=${encodeURIComponent(claim!.status_code)}`, portal.server.url).href]);
  });

  it("L-900-LEG001 opens the legacy claim site in a new tab", async () => {
    await searchByNumber("L-900-LEG001");
    expect(await plansShown()).toEqual(["L-900-LEG001 (chosen)"]);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect.poll(() => opened).toEqual(["https://legacy-claims.example.com/claim-request?warranty=L-900-LEG001"]);
    expect(new URL(page.url()).pathname).toBe("/find-claim/select-plan");
  });

  it("A-300-100200 starts an ACE claim and opens the ACE wizard with the customer", async () => {
    const [plan] = await portal.server.db.query<{ id: number; customer_id: number }>(
      "SELECT id, customer_id FROM plans WHERE number = 'A-300-100200'",
    );
    await searchByPerson({ first: "Maria", last: "Lopez", by: "Email", value: "maria.lopez@example.com" });
    expect(await plansShown()).toEqual(["A-300-100200 (chosen)"]);
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByRole("heading", { name: "Verify your contact information" }).waitFor();
    const url = new URL(page.url());
    expect(url.pathname).toBe("/find-claim/create-ace-claim");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      step: "2",
      claimId: expect.any(String),
      warranty_id: String(plan!.id),
      cust_id: String(plan!.customer_id),
    });
  });
});

describe("when the API pauses searching (429)", () => {
  let limited: Portal;
  beforeAll(async () => {
    // Two searches per address in ten minutes: the third is refused with Retry-After.
    limited = await openPortal({ rateLimits: { searchPerAddress: [2, 600], planLookupPerAddress: [120, 600] } });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it("says when to try again, counts nothing, and the form keeps what was typed", async () => {
    page = limited.page;
    await searchByNumber("W-X00-NOPE01");
    await page.getByRole("button", { name: "Try Again" }).click();
    await page.getByRole("textbox", { name: "Warranty number" }).fill("W-X00-NOPE02");
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByRole("button", { name: "Try Again" }).click();
    await page.getByRole("textbox", { name: "Warranty number" }).fill("W-E34-WS4566");
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByRole("heading", { name: "Too many searches" }).waitFor();
    expect(await page.getByRole("status").innerText()).toBe(
      "To protect our customers' plans, searching is paused for a moment. Please try again in 10 minutes.",
    );
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Back to search" }).click();
    expect(await page.getByRole("textbox", { name: "Warranty number" }).inputValue()).toBe("W-E34-WS4566");
  });
});
