/**
 * The welcome page a first visit gets: prerendered at build time in the language the visitor's
 * browser, cookie or link asks for, painted with no JavaScript at all, Start, the tutorial dialog
 * and the FAQ working without any script. Its one small script (src/prerendered-entry.ts) wires
 * the tutorial's extras and the language switch, which asks the server for the page anew.
 */
import type { ConsoleMessage } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessibilityViolations, openPortal, type Portal } from "./harness.ts";

let portal: Portal;
beforeAll(async () => {
  portal = await openPortal();
});
afterAll(async () => {
  await portal?.close();
});

/** The HTML the server sends for "/" with these request headers. */
async function welcomeHtml(headers: Record<string, string>, query = ""): Promise<string> {
  const response = await fetch(`${portal.server.url}/${query}`, { headers });
  expect(response.headers.get("vary")).toContain("Accept-Language");
  return response.text();
}

describe("the prerendered welcome page", () => {
  it("arrives as HTML in the language asked for: link, then cookie, then the browser's languages", async () => {
    const spanish = "Presente un reclamo por daños en su plan de protección";
    const english = "File a damage claim on your protection plan";
    expect(await welcomeHtml({ "accept-language": "es-MX,es;q=0.9,en;q=0.8" })).toContain(spanish);
    expect(await welcomeHtml({ "accept-language": "fr-FR, en;q=0.5, es;q=0.4" })).toContain(english);
    expect(await welcomeHtml({ "accept-language": "es", cookie: "i18next=en" })).toContain(english);
    expect(await welcomeHtml({ cookie: "i18next=es" }, "?lng=en")).toContain(english);
    const html = await welcomeHtml({ cookie: "i18next=es" });
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('data-prerendered="es"');
    expect(html).toContain("Comenzar");
  });

  it("shows the page, opens the tutorial, folds the FAQ and starts a claim with JavaScript turned off", async () => {
    const context = await portal.browser.newContext({
      baseURL: portal.server.url,
      javaScriptEnabled: false,
      viewport: { width: 375, height: 812 },
    });
    const page = await context.newPage();
    await page.goto("/");
    await page.getByRole("heading", { level: 1, name: "File a damage claim on your protection plan" }).waitFor();
    await page.getByRole("button", { name: "Claim Video Tutorial" }).click();
    const dialog = page.getByRole("dialog", { name: "Claim Video Tutorial" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "hidden" });
    const answer = page.getByText("Claims are typically reviewed within 3 to 5 business days.");
    expect(await answer.isVisible()).toBe(true);
    await page.getByRole("heading", { level: 3, name: "How long does a review take?" }).click();
    await answer.waitFor({ state: "hidden" });
    await page.getByRole("button", { name: "Start" }).click();
    await page.waitForURL((url) => url.pathname === "/find-claim/select-search-method");
    await context.close();
  });

  it("loads no script but its own small entry: no React, no Lingui", async () => {
    const context = await portal.newContext();
    const page = await context.newPage();
    await page.goto("/");
    // The load event: every script the page names has run (network idle is no such sign, and a
    // busy machine may keep the network from going quiet).
    await page.waitForLoadState("load");
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .map((entry) => entry as PerformanceResourceTiming)
        .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
        .map((entry) => ({
          name: new URL(entry.name).pathname.replace(/^\/assets\/|-[\w-]{8}\.js$/g, ""),
          bytes: entry.decodedBodySize,
        })),
    );
    await context.close();
    // The entry, and the one chunk it shares with the app (the tutorial's wiring and the language
    // cookie, js-cookie with it; vite.config.ts): nothing of the app's startup chunks.
    expect(scripts.map((script) => script.name).sort()).toEqual(["prerendered", "welcome-shared"]);
    const bytes = scripts.reduce((sum, script) => sum + script.bytes, 0);
    expect(bytes, "bytes of script, uncompressed").toBeLessThan(3_000);
  });

  it("the language switch asks the server for the page in the language chosen; the app then opens in it", async () => {
    const context = await portal.newContext();
    const page = await context.newPage();
    await page.goto("/");
    await page.getByRole("combobox", { name: "Language" }).selectOption("es");
    await page
      .getByRole("heading", { level: 1, name: "Presente un reclamo por daños en su plan de protección" })
      .waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("es");
    expect(await page.getByRole("combobox", { name: "Idioma" }).inputValue()).toBe("es");
    expect((await context.cookies()).find((cookie) => cookie.name === "i18next")?.value).toBe("es");
    await page.getByRole("button", { name: "Comenzar" }).click();
    await page.waitForURL((url) => url.pathname === "/find-claim/select-search-method");
    await page.getByRole("button", { name: "Buscar" }).waitFor();
    // A link naming a language (?lng=) gives way to the choice made on the page.
    await page.goto("/?lng=es");
    await page.getByRole("combobox", { name: "Idioma" }).selectOption("en");
    await page.getByRole("heading", { level: 1, name: "File a damage claim on your protection plan" }).waitFor();
    expect(new URL(page.url()).search).toBe("");
    expect((await context.cookies()).find((cookie) => cookie.name === "i18next")?.value).toBe("en");
    await context.close();
  });

  it("runs without a console error; the tutorial open passes axe and Escape gives focus back to its button", async () => {
    const context = await portal.newContext();
    await context.addCookies([{ name: "i18next", value: "es", url: portal.server.url }]);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("console", (message: ConsoleMessage) => {
      if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    await page.goto("/");
    // The load event: every script the page names has run (network idle is no such sign, and a
    // busy machine may keep the network from going quiet).
    await page.waitForLoadState("load");
    expect(await accessibilityViolations(page)).toEqual([]);
    const opener = page.getByRole("button", { name: "Video tutorial de reclamos" });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Video tutorial de reclamos" });
    await dialog.waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(await opener.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.getByRole("button", { name: "Comenzar" }).click();
    await page.waitForURL((url) => url.pathname === "/find-claim/select-search-method");
    await page.getByRole("button", { name: "Buscar" }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
