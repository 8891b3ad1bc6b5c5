/**
 * Slow networks in Chromium (SPEC.md section 9): a route's code chunk that fails to load (a new
 * deployment removed it) or has not loaded after 120000 ms shows the error page with Refresh Page,
 * not a blank screen; Refresh then loads the page. The chunk is intercepted; the 120 s pass on
 * Playwright's fake clock.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page, Route } from "playwright-core";
import { openPortal, type Portal } from "./harness.ts";

let portal: Portal;

beforeAll(async () => {
  portal = await openPortal();
});
afterAll(async () => {
  await portal?.close();
});

const CHUNK = /\/assets\/select-search-method-[^/]*\.js$/;
const errorPage = (page: Page) => page.getByRole("heading", { level: 1, name: "Oops! Something went wrong" });

describe("route chunks on a bad network", () => {
  it("a chunk that fails to load shows the error page; Refresh Page recovers", async () => {
    const page = await portal.context.newPage();
    await page.goto("/");
    await page.getByRole("button", { name: "Start" }).waitFor();
    await page.route(CHUNK, (route) => route.abort("failed"));
    await page.getByRole("button", { name: "Start" }).click();
    await errorPage(page).waitFor();
    expect(await page.getByRole("button", { name: "Refresh Page" }).isVisible()).toBe(true);
    await page.unroute(CHUNK);
    await page.getByRole("button", { name: "Refresh Page" }).click();
    await page.getByRole("heading", { name: "We need to find your warranty" }).waitFor();
    await page.close();
  });

  /** Holds every request for the chunk; the test lets none through. */
  const holdChunk = async (page: Page) => {
    const held: Route[] = [];
    await page.route(CHUNK, (route) => void held.push(route));
    return held;
  };

  /** The 120 s pass on the fake clock: nothing at 119 s, the error page at 120 s. */
  const expectErrorAfterTimeout = async (page: Page, held: Route[]) => {
    await expect.poll(() => held.length).toBeGreaterThan(0);
    await page.clock.runFor(119_000);
    expect(await errorPage(page).count()).toBe(0);
    await page.clock.runFor(1_000);
    await errorPage(page).waitFor();
    await page.getByText("The page is taking too long to load.", { exact: false }).waitFor();
    expect(await page.getByRole("button", { name: "Refresh Page" }).isVisible()).toBe(true);
    await Promise.all(held.map((route) => route.abort().catch(() => undefined)));
  };

  it("a chunk still loading after 120000 ms, moving inside the app, shows the error page instead of a page that never changes", async () => {
    const page = await portal.context.newPage();
    await page.clock.install();
    await page.goto("/find-claim/warranty-number");
    await page.getByRole("textbox", { name: "Warranty number" }).waitFor();
    const held = await holdChunk(page);
    await page.getByRole("button", { name: "Back" }).click();
    await expectErrorAfterTimeout(page, held);
    await page.close();
  });

  it("the first page of a visit, its chunk still loading after 120000 ms, shows the error page too", async () => {
    const page = await portal.context.newPage();
    await page.clock.install();
    await page.goto("/");
    await page.getByRole("button", { name: "Start" }).waitFor();
    const held = await holdChunk(page);
    // Start leaves the prerendered welcome page for the app, whose first route then hangs.
    await page.getByRole("button", { name: "Start" }).click();
    await expectErrorAfterTimeout(page, held);
    await page.close();
  });
});
