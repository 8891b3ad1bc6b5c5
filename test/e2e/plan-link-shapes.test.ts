/**
 * Plan links in SPEC.md's shape (section 2, "Open plan by id"), as the claims system emails them:
 * `/find-claim/{id}?customer_id=..&plan_type=..` without `exp` and `sig`, opened in Chromium as the
 * first page of a tab. The customer's random id is the link's capability (SECURITY.md, "Plan
 * links"): the right one opens the plan, a wrong one shows No warranty found, whose Try Again leads
 * into the search, and too many wrong ones pause links as searches are paused; the paused link,
 * signed or not, stays in the address bar and opens on a reload once the wait is over. The server
 * allows FAILURES_ALLOWED failed searches or links per client address and stands behind one
 * pretend proxy (TRUST_PROXY=1), so each test's browser is an address of its own and counts from zero.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { BrowserContext } from "playwright-core";
import { createRateLimiter } from "../../server/http/rate-limit.ts";
import { openPortal, signedPlanLink, type Portal } from "./harness.ts";

/** Failed links (and searches) allowed per client address in the window. */
const FAILURES_ALLOWED = 3;
const SEARCH_LIMIT: [number, number] = [FAILURES_ALLOWED, 600];

let portal: Portal;
let jane: { id: number; customerId: number };

beforeAll(async () => {
  portal = await openPortal({
    trustProxy: 1,
    rateLimits: { searchPerAddress: SEARCH_LIMIT, planLookupPerAddress: [120, 600] },
  });
  const [plan] = await portal.server.db.query<{ id: number; customer_id: number }>(
    "SELECT id, customer_id FROM plans WHERE number = 'W-E34-WS4566'",
  );
  jane = { id: Number(plan!.id), customerId: Number(plan!.customer_id) };
});
afterAll(async () => {
  await portal?.close();
});

/** A browser of its own at its own client address (the address our pretend proxy reports). */
async function browserAt(address: string): Promise<BrowserContext> {
  const context = await portal.newContext();
  await context.setExtraHTTPHeaders({ "x-forwarded-for": address });
  return context;
}

/** The address's window of the searches' limit passes: its count is back to nothing. */
async function windowPasses(address: string): Promise<void> {
  const limiter = createRateLimiter(portal.server.db);
  // count adds one and tells the total, which is then taken back to zero.
  for (let counted = await limiter.count("search", address, SEARCH_LIMIT); counted > 0; counted--)
    await limiter.uncount("search", address, SEARCH_LIMIT);
}

it("an unsigned link to a plan opens that plan, in English", async () => {
  const context = await browserAt("203.0.113.1");
  try {
    const page = await context.newPage();
    await page.goto(`/find-claim/${jane.id}?customer_id=${jane.customerId}&plan_type=FPP`);
    await page.getByRole("heading", { name: "Select your Plan" }).waitFor({ timeout: 30_000 });
    const plan = page.getByRole("radio", { name: /Furniture Protection Plan 5-Year/ });
    await plan.waitFor();
    expect(await plan.isChecked()).toBe(true);
    expect(await page.getByRole("radio").count()).toBe(1);
    expect(new URL(page.url()).searchParams.get("warranty_id")).toBe(String(jane.id));
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
  } finally {
    await context.close();
  }
});

it("a link with another customer's id shows No warranty found, and Try Again leads into the search", async () => {
  const context = await browserAt("203.0.113.2");
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

it("after too many failed links, even the right link shows 'Too many searches' with the wait, and stays to open after it", async () => {
  const address = "203.0.113.3";
  const context = await browserAt(address);
  try {
    const page = await context.newPage();
    for (let failure = 1; failure <= FAILURES_ALLOWED; failure++) {
      await page.goto(`/find-claim/${jane.id}?customer_id=${jane.customerId + failure}&plan_type=FPP`);
      await page.getByRole("heading", { name: "We could not locate your warranty" }).waitFor({ timeout: 30_000 });
    }
    const link = `/find-claim/${jane.id}?customer_id=${jane.customerId}&plan_type=FPP`;
    await page.goto(link);
    await page.getByRole("heading", { name: "Too many searches" }).waitFor({ timeout: 30_000 });
    // The window began with this test's first link: up to 10 minutes are left of it.
    await page.getByText(/Please try again in (10|[1-9]) minutes?\./).waitFor();
    expect(await page.getByRole("heading", { name: "Select your Plan" }).count()).toBe(0);
    const shown = new URL(page.url());
    expect(`${shown.pathname}${shown.search}`).toBe(link);

    // A signed link, as emailed, keeps its signature in the address bar while paused.
    const signed = signedPlanLink(portal.server, { planId: jane.id, customerId: jane.customerId, planType: "FPP" });
    await page.goto(signed);
    await page.getByRole("heading", { name: "Too many searches" }).waitFor({ timeout: 30_000 });
    const paused = new URL(page.url());
    expect(`${paused.pathname}${paused.search}`).toBe(signed);

    // The wait is over: a reload of that address opens the plan.
    await windowPasses(address);
    await page.reload();
    await page.getByRole("heading", { name: "Select your Plan" }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole("radio", { name: /Furniture Protection Plan 5-Year/ }).isChecked()).toBe(true);
    expect(new URL(page.url()).searchParams.get("sig")).toBeNull();
  } finally {
    await context.close();
  }
});
