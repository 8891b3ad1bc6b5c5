/**
 * Plan links in SPEC.md's shape (section 2, "Open plan by id"), as the claims system emails them:
 * `/find-claim/{id}?customer_id=..&plan_type=..` without `exp` and `sig`, opened in Chromium as the
 * first page of a tab. The customer's random id is the link's capability (SECURITY.md, "Plan
 * links"): the right one opens the plan, a wrong one shows No warranty found, whose Try Again leads
 * into the search, and too many wrong ones pause links as searches are paused. The server allows
 * FAILURES_ALLOWED failed searches or links per address; every context here is the same address.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { openPortal, type Portal } from "./harness.ts";

/** Failed links (and searches) allowed per address in the window; the tests below spend them in order. */
const FAILURES_ALLOWED = 3;

let portal: Portal;
let jane: { id: number; customerId: number };

beforeAll(async () => {
  portal = await openPortal({ rateLimits: { searchPerAddress: [FAILURES_ALLOWED, 600], planLookupPerAddress: [120, 600] } });
  const [plan] = await portal.server.db.query<{ id: number; customer_id: number }>("SELECT id, customer_id FROM plans WHERE number = 'W-E34-WS4566'");
  jane = { id: Number(plan!.id), customerId: Number(plan!.customer_id) };
});
afterAll(async () => {
  await portal?.close();
});

it("an unsigned link to a plan opens that plan, in English", async () => {
  const { page } = portal;
  await page.goto(`/find-claim/${jane.id}?customer_id=${jane.customerId}&plan_type=FPP`);
  await page.getByRole("heading", { name: "Select your Plan" }).waitFor({ timeout: 30_000 });
  const plan = page.getByRole("radio", { name: /Furniture Protection Plan 5-Year/ });
  await plan.waitFor();
  expect(await plan.isChecked()).toBe(true);
  expect(await page.getByRole("radio").count()).toBe(1);
  expect(new URL(page.url()).searchParams.get("warranty_id")).toBe(String(jane.id));
  expect(await page.locator("html").getAttribute("lang")).toBe("en");
});

it("a link with another customer's id shows No warranty found, and Try Again leads into the search", async () => {
  const context = await portal.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`/find-claim/${jane.id}?customer_id=${jane.customerId + 1}&plan_type=FPP`);
    await page.getByRole("heading", { name: "We could not locate your warranty" }).waitFor({ timeout: 30_000 });
    await page.getByRole("button", { name: "Try Again" }).click();
    await page.getByRole("heading", { name: "We need to find your warranty" }).waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe("/find-claim/select-search-method");
  } finally {
    await context.close();
  }
});

it("after too many failed links, even the right link shows 'Too many searches' with the wait", async () => {
  const context = await portal.newContext();
  try {
    const page = await context.newPage();
    // The test before spent one failure; these spend the rest.
    for (let failure = 2; failure <= FAILURES_ALLOWED; failure++) {
      await page.goto(`/find-claim/${jane.id}?customer_id=${jane.customerId + failure}&plan_type=FPP`);
      await page.getByRole("heading", { name: "We could not locate your warranty" }).waitFor({ timeout: 30_000 });
    }
    await page.goto(`/find-claim/${jane.id}?customer_id=${jane.customerId}&plan_type=FPP`);
    await page.getByRole("heading", { name: "Too many searches" }).waitFor({ timeout: 30_000 });
    // The window began with the first link of this file: up to 10 minutes are left of it.
    await page.getByText(/Please try again in (10|[1-9]) minutes?\./).waitFor();
    expect(await page.getByRole("heading", { name: "Select your Plan" }).count()).toBe(0);
  } finally {
    await context.close();
  }
});
