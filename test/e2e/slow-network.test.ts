/**
 * Slow networks in Chromium (SPEC.md section 9): a route's code chunk that fails to load (a new
 * deployment removed it) or has not loaded after 120000 ms shows the error page with Refresh Page,
 * not a blank screen; Refresh then loads the page. Meanwhile, past the router's pending time, the
 * page says it is loading. The chunk is intercepted; the 120 s pass on Playwright's fake clock.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page, Route } from "playwright-core";
import { openPortal, type Portal } from "./harness.ts";

let portal: Portal;

beforeAll(async () => {
  portal = await openPortal();
});
afterAll(async () => {
  await portal?.close();
});

// The warranty-number screen's chunk. (The method screen, where every search starts, has none: it
// comes with the startup code.)
const CHUNK = /\/assets\/warranty-number-[^/]*\.js$/;
/** On the method screen: the warranty number, then Search, which opens the warranty-number screen. */
async function chooseWarrantyNumber(page: Page): Promise<void> {
  await page.getByLabel("I have my warranty number").check();
  await page.getByRole("button", { name: "Search" }).click();
}

const errorPage = (page: Page) => page.getByRole("heading", { level: 1, name: "Oops! Something went wrong" });

describe("route chunks on a bad network", () => {
  it("a chunk that fails to load shows the error page; Refresh Page recovers", async () => {
    const page = await portal.context.newPage();
    await page.goto("/find-claim/select-search-method");
    await page.route(CHUNK, (route) => route.abort("failed"));
    await chooseWarrantyNumber(page);
    await errorPage(page).waitFor();
    expect(await page.getByRole("button", { name: "Refresh Page" }).isVisible()).toBe(true);
    await page.unroute(CHUNK);
    await page.getByRole("button", { name: "Refresh Page" }).click();
    await page.getByRole("textbox", { name: "Warranty number" }).waitFor();
    await page.close();
  });

  /** Holds every request for the warranty-number screen's chunk until `releaseChunk`. */
  const holdChunk = async (page: Page) => {
    const held: Route[] = [];
    await page.route(CHUNK, (route) => void held.push(route));
    return { chunk: CHUNK, held };
  };

  /**
   * Lets the held chunk load. Never abort it: a failed route import makes TanStack Router reload the
   * page once (lazyRouteComponent), and when that reload committed just after page.close began,
   * the close never returned (it has no timeout): the test hung until the test timeout.
   */
  const releaseChunk = async (page: Page, { chunk, held }: Awaited<ReturnType<typeof holdChunk>>) => {
    await Promise.all(held.map((route) => route.continue()));
    await page.unroute(chunk);
  };

  /**
   * Stops the page's fake clock (installed before the page loaded): from here time moves only by
   * runFor, so the 120 s below are counted from the action however slowly the machine runs it.
   * Left flowing in real time, a busy second between the action and the 119 s check ate the margin.
   * The minute ahead only fires the timers a page at rest has due in it (Playwright's pauseAt).
   */
  const stopClock = async (page: Page) => {
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 60_000);
  };

  /**
   * The 120 s pass on the fake clock: `meanwhile` on screen once the router's pending time has
   * passed and still at 119 s, with no error page; the error page at 120 s.
   */
  const expectErrorAfterTimeout = async (
    page: Page,
    hold: Awaited<ReturnType<typeof holdChunk>>,
    meanwhile: Locator,
  ) => {
    await expect.poll(() => hold.held.length, { timeout: 30_000 }).toBeGreaterThan(0);
    await page.clock.runFor(2_000);
    await meanwhile.waitFor();
    await page.clock.runFor(117_000);
    expect(await errorPage(page).count()).toBe(0);
    expect(await meanwhile.isVisible()).toBe(true);
    await page.clock.runFor(1_000);
    await errorPage(page).waitFor();
    await page.getByText("The page is taking too long to load.", { exact: false }).waitFor();
    expect(await page.getByRole("button", { name: "Refresh Page" }).isVisible()).toBe(true);
    await releaseChunk(page, hold);
  };

  /** A page of a context of its own, so each test's fake clock is its own, closed with it. */
  const pageWithClock = async () => {
    const context = await portal.newContext();
    const page = await context.newPage();
    await page.clock.install();
    return { context, page };
  };

  const loadingLine = (page: Page) => page.getByRole("status").filter({ hasText: "Loading…" });

  it("a chunk still loading after 120000 ms, moving inside the app, says it is loading, then shows the error page instead of a page that never changes", async () => {
    const { context, page } = await pageWithClock();
    await page.goto("/find-claim/select-search-method");
    await page.getByRole("heading", { name: "We need to find your warranty" }).waitFor();
    await stopClock(page);
    const hold = await holdChunk(page);
    await chooseWarrantyNumber(page);
    await expectErrorAfterTimeout(page, hold, loadingLine(page));
    await context.close();
  });

  it("the first page of a visit opened by its address says it is loading while its chunk loads; after 120000 ms the error page shows", async () => {
    const { context, page } = await pageWithClock();
    // Stopped before the visit begins: the page's first route starts its 120 s as it loads.
    await stopClock(page);
    const hold = await holdChunk(page);
    await page.goto("/find-claim/warranty-number");
    await expectErrorAfterTimeout(page, hold, loadingLine(page));
    await context.close();
  });
});
