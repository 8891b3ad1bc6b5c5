/**
 * The app's first screen after the welcome page, select-search-method, as a page load gets it
 * (issue 12): prerendered HTML in the visitor's language, painted before any script, then hydrated
 * in place by the app without a mismatch; and the built files sent compressed, the hashed ones
 * cached for good.
 */
import type { ConsoleMessage } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPortal, type Portal } from "./harness.ts";

let portal: Portal;
beforeAll(async () => {
  portal = await openPortal();
});
afterAll(async () => {
  await portal?.close();
});

const PATH = "/find-claim/select-search-method";

describe("the prerendered select-search-method page", () => {
  it("arrives as HTML in the language asked for", async () => {
    const html = async (headers: Record<string, string>) => (await fetch(`${portal.server.url}${PATH}`, { headers })).text();
    expect(await html({ "accept-language": "es-MX,es;q=0.9" })).toContain("Necesitamos encontrar su garantía");
    expect(await html({ "accept-language": "en-US" })).toContain("We need to find your warranty");
    expect(await html({ cookie: "i18next=es" })).toContain('data-prerendered="es"');
  });

  it("shows the screen with JavaScript turned off", async () => {
    const context = await portal.browser.newContext({ baseURL: portal.server.url, javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    await page.goto(PATH);
    await page.getByRole("heading", { level: 1, name: "We need to find your warranty" }).waitFor();
    await context.close();
  });

  it("hydrates the same elements without a mismatch, then searches", async () => {
    const context = await portal.newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("console", (message: ConsoleMessage) => {
      if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    await page.goto(PATH);
    const heading = await page.locator("h1").elementHandle();
    await page.waitForLoadState("networkidle");
    // Hydrated, not replaced: the heading painted from the HTML is the one the app now owns.
    expect(await heading!.evaluate((element) => element.isConnected)).toBe(true);
    await page.getByRole("radio", { name: "I have my warranty number" }).check();
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL((url) => url.pathname === "/find-claim/warranty-number");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("keeps a choice made before the app woke up: Search works once it has", async () => {
    const context = await portal.newContext();
    const page = await context.newPage();
    // The app's entry script waits until the radio is chosen.
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto(PATH, { waitUntil: "commit" });
    await page.getByRole("radio", { name: "I have my warranty number" }).check();
    release();
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL((url) => url.pathname === "/find-claim/warranty-number");
    await context.close();
  });

  it("sends scripts compressed, and hashed ones cached for a year", async () => {
    const html = await (await fetch(`${portal.server.url}${PATH}`)).text();
    const entry = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    const response = await fetch(`${portal.server.url}${entry}`, { headers: { "accept-encoding": "br, gzip" } });
    expect(response.headers.get("content-encoding")).toMatch(/^(br|gzip)$/);
    expect(response.headers.get("cache-control")).toContain("immutable");
    expect((await fetch(`${portal.server.url}${PATH}`)).headers.get("cache-control")).toBe("no-cache");
  });
});
