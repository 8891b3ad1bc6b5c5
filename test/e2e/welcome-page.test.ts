/**
 * The welcome page a first visit gets: prerendered at build time in the language the visitor's
 * browser, cookie or link asks for, painted with no JavaScript at all, Start, the tutorial dialog
 * and the FAQ working before any script has run, then hydrated without a mismatch into the
 * interactive page, keeping what the visitor did before.
 */
import type { ConsoleMessage } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessibilityViolations, openPortal, scriptsBesidesTheEntry, type Portal } from "./harness.ts";

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
    const context = await portal.browser.newContext({ baseURL: portal.server.url, javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
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

  it("asks for no script but its small entry until the page is on screen, then for the code that hydrates it", async () => {
    const { asked, beforeShown } = await scriptsBesidesTheEntry(portal, "/");
    expect(asked).toContainEqual(expect.stringMatching(/^\/assets\/hydrate-[\w-]+\.js$/));
    expect(beforeShown).toEqual([]);
  });

  it("shows the language chosen before the page was made interactive, and keeps it", async () => {
    const context = await portal.newContext();
    const page = await context.newPage();
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/hydrate-[^/]*\.js$/, async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto("/", { waitUntil: "commit" });
    await page.getByRole("combobox", { name: "Language" }).selectOption("es");
    release();
    await page.getByRole("heading", { level: 1, name: "Presente un reclamo por daños en su plan de protección" }).waitFor();
    expect(await page.getByRole("combobox", { name: "Idioma" }).inputValue()).toBe("es");
    expect((await context.cookies()).find((cookie) => cookie.name === "i18next")?.value).toBe("es");
    await context.close();
  });

  it("keeps the tutorial opened and the FAQ item folded before the page was made interactive", async () => {
    const context = await portal.newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("console", (message: ConsoleMessage) => {
      if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
    });
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/hydrate-[^/]*\.js$/, async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto("/", { waitUntil: "commit" });
    const answer = page.getByText("Claims are typically reviewed within 3 to 5 business days.");
    await page.getByRole("heading", { level: 3, name: "How long does a review take?" }).click();
    await answer.waitFor({ state: "hidden" });
    await page.getByRole("button", { name: "Claim Video Tutorial" }).click();
    const dialog = page.getByRole("dialog", { name: "Claim Video Tutorial" });
    await dialog.waitFor();
    release();
    await page.waitForLoadState("networkidle");
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "hidden" });
    // Hydrated: the language switch now changes the page in place, and the folded item stays folded.
    await page.getByRole("combobox", { name: "Language" }).selectOption("es");
    await page.getByRole("heading", { level: 1, name: "Presente un reclamo por daños en su plan de protección" }).waitFor();
    expect(await page.getByText("Por lo general, los reclamos se revisan en un plazo de 3 a 5 días hábiles.").isVisible()).toBe(false);
    expect(await page.getByText("Tenga a mano su factura.").isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("hydrates without a mismatch: the language switch, the tutorial and Start then work in place", async () => {
    const context = await portal.newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("console", (message: ConsoleMessage) => {
      if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
    });
    await page.goto("/");
    const heading = await page.locator("h1").elementHandle();
    await page.waitForLoadState("networkidle");
    // Hydrated, not replaced: the heading painted from the HTML is the one the page now owns.
    expect(await heading!.evaluate((element) => element.isConnected)).toBe(true);
    await page.getByRole("combobox", { name: "Language" }).selectOption("es");
    await page.getByRole("heading", { level: 1, name: "Presente un reclamo por daños en su plan de protección" }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    const opener = page.getByRole("button", { name: "Video tutorial de reclamos" });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Video tutorial de reclamos" });
    await dialog.waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    // The browser gives focus back to the button that opened the dialog.
    expect(await opener.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.getByRole("button", { name: "Comenzar" }).click();
    await page.waitForURL((url) => url.pathname === "/find-claim/select-search-method");
    await page.getByRole("button", { name: "Buscar" }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
