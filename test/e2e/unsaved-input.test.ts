/**
 * In Chromium: what a person typed survives the network and the tab. Unsaved item details
 * and damage input on steps 3 and 4 come back after a reload (session storage, keyed by claim),
 * the browser asks before leaving a page with unsaved damage input, the copy is gone once the
 * claim is submitted, and a read that fails once is tried again without the person noticing.
 */
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WAIT_DELAYS } from "../../machines/wizard-steps.ts";
import { openPortal, signedPlanLink, type Portal } from "./harness.ts";
import { confirmSofaDetails, describeFppDamage } from "./steps.ts";

const PHOTO = fileURLToPath(new URL("../fixtures/iphone_hdr_YES.jpg", import.meta.url));

/** From the welcome screen to step 2 of a new claim on W-E34-WS4566. */
async function startClaim(page: Page): Promise<void> {
  await page.goto("/find-claim/warranty-number");
  await page.getByRole("textbox", { name: "Warranty number" }).fill("W-E34-WS4566");
  await page.getByRole("button", { name: "Submit" }).click();
  await page.getByRole("heading", { name: "Select your Plan" }).waitFor();
  await page.getByRole("button", { name: "Submit" }).click();
  await page.getByRole("heading", { name: "Select damaged items under your plan" }).waitFor();
}

/** The session-storage keys of kept claim drafts in the page. */
const keptDrafts = (page: Page) =>
  page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith("claimDraft:")));

describe("unsaved input and flaky reads", () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await openPortal();
  });
  afterAll(async () => {
    await portal?.close();
  });

  it("keeps step 3 and step 4 input across reloads, asks before leaving, and forgets it on submit", async () => {
    const page = await (await portal.newContext()).newPage();
    await startClaim(page);
    await page.getByRole("checkbox", { name: /Sofa/ }).check();
    await page.getByRole("button", { name: "Next" }).click();

    // Step 3: details changed but not saved, then a reload.
    await page.getByRole("heading", { name: "Confirm/Update Item Details" }).waitFor();
    await page.getByLabel("Manufacturer").selectOption({ label: "Ashley" });
    await page.getByLabel("Material").selectOption({ label: "Leather" });
    await page.reload();
    await page.getByRole("heading", { name: "Confirm/Update Item Details" }).waitFor();
    // The server draws the step as saved; the kept copy comes back once the page's scripts run.
    await expect
      .poll(() => page.getByLabel("Manufacturer").locator("option:checked").innerText(), { timeout: 15_000 })
      .toBe("Ashley");
    expect(await page.getByLabel("Material").locator("option:checked").innerText()).toBe("Leather");
    await page.getByLabel("Color").selectOption({ label: "Brown" });
    await page.getByRole("button", { name: "Next" }).click();

    // Step 4: a damage half described, then a reload.
    await page.getByRole("heading", { name: "Report your damage" }).waitFor();
    await page.getByLabel("Damage Type").selectOption({ label: "Stain" });
    await page.getByLabel("Note").fill("Red wine on the middle cushion.");
    await page.reload();
    await page.getByRole("heading", { name: "Report your damage" }).waitFor();
    await expect
      .poll(() => page.getByLabel("Note").inputValue(), { timeout: 15_000 })
      .toBe("Red wine on the middle cushion.");
    expect(await page.getByLabel("Damage Type").locator("option:checked").innerText()).toBe("Stain");

    // Leaving with unsaved damage input: the browser asks first.
    const asked = page.waitForEvent("dialog");
    await page.close({ runBeforeUnload: true });
    const dialog = await asked;
    expect(dialog.type()).toBe("beforeunload");
    await dialog.dismiss(); // stay on the page
    expect(page.isClosed()).toBe(false);

    // Finishing the claim clears what was kept.
    await page.getByLabel(/Photos and documents of the Sofa/).setInputFiles(PHOTO);
    await page.getByRole("list", { name: "Uploaded files" }).getByText("iphone_hdr_YES.jpg").waitFor();
    await describeFppDamage(page, "Red wine on the middle cushion.");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("heading", { name: "Review claim details" }).waitFor();
    expect(await keptDrafts(page)).toHaveLength(1);
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByRole("heading", { name: "Thank you for submitting your claim" }).waitFor();
    expect(await keptDrafts(page)).toEqual([]);
    await page.close();
  });

  it("a read that fails once is retried: the plan a link names opens as if nothing happened", async () => {
    const [plan] = await portal.server.db.query<{ id: number; customer_id: number }>(
      "SELECT id, customer_id FROM plans WHERE number = 'W-E34-WS4566'",
    );
    const context = await portal.newContext();
    let answered = 0;
    await context.route(/\/api\/v1\/plan_link\/\d+/, async (route) => {
      if (answered++ === 0) return route.fulfill({ status: 503, body: "{}", contentType: "application/json" });
      return route.continue();
    });
    const page = await context.newPage();
    await page.goto(
      signedPlanLink(portal.server, { planId: plan!.id, customerId: plan!.customer_id, planType: "fpp" }),
    );
    await page.getByRole("heading", { name: "Select your Plan" }).waitFor();
    expect(await page.getByRole("radio", { name: /W-E34-WS4566/ }).isChecked()).toBe(true);
    expect(answered).toBe(2); // the refused call, then its retry
    await context.close();
  });

  it("a save that hangs says 'Still working…' with a Cancel within seconds; cancelling keeps the input for a Retry", async () => {
    const own = await openPortal(); // a plan of its own: the tests above file W-E34-WS4566's claim
    try {
      const page = own.page;
      await page.clock.install();
      await startClaim(page);
      await page.getByRole("checkbox", { name: /Sofa/ }).check();
      await page.getByRole("button", { name: "Next" }).click();
      await page.getByRole("heading", { name: "Confirm/Update Item Details" }).waitFor();
      await confirmSofaDetails(page);
      // The save reaches a server that never answers (until the person gives up).
      await page.route(/\/api\/v1\/insert_update_claim_item/, () => undefined);
      await page.getByRole("button", { name: "Next" }).click();
      await page.clock.runFor(WAIT_DELAYS.stillWorkingAfter);
      await page.getByText("Still working…").waitFor();
      expect(await page.getByRole("button", { name: "Cancel" }).isVisible()).toBe(true);
      await page.clock.runFor(WAIT_DELAYS.longerThanUsualAfter);
      await page.getByText("This is taking longer than usual.", { exact: false }).waitFor();
      await page.getByRole("button", { name: "Cancel" }).click();
      await page.getByText("We could not save your changes. Please try again.").waitFor();
      expect(await page.getByLabel("Manufacturer").locator("option:checked").innerText()).toBe("Ashley");
      expect(await page.getByRole("button", { name: "Cancel" }).count()).toBe(0);
      // The network is back: Next saves what was typed.
      await page.unroute(/\/api\/v1\/insert_update_claim_item/);
      await page.getByRole("button", { name: "Next" }).click();
      await page.getByRole("heading", { name: "Report your damage" }).waitFor();
    } finally {
      await own.close();
    }
  });
});
