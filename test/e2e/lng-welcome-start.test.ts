/**
 * A link naming Spanish (`/?lng=es`) keeps Spanish past the first tap, in Chromium whose language
 * is English: the prerendered welcome page is Spanish, its 'Comenzar' (a plain form, no app runs
 * there) opens the search method screen in Spanish, the language cookie holds es, and a reload
 * without `?lng=` stays Spanish (SPEC.md section 9: the query string first, cached in a cookie).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { LANGUAGE_COOKIE } from "../../contract/locales.ts";
import { heading, shows } from "../model/screen.ts";
import { openPortal, type Portal } from "./harness.ts";

let portal: Portal;
beforeAll(async () => {
  portal = await openPortal();
});
afterAll(async () => {
  await portal?.close();
});

it("/?lng=es, then 'Comenzar': the next screen is Spanish, the cookie holds es, and a reload stays Spanish", async () => {
  const context = await portal.newContext("en-US");
  try {
    const page = await context.newPage();
    const cookie = async () => (await context.cookies()).find((entry) => entry.name === LANGUAGE_COOKIE)?.value;
    const searchMethodInSpanish = async () => {
      await shows(page.getByRole("button", { name: "Buscar", exact: true }));
      expect(await page.locator("html").getAttribute("lang")).toBe("es");
      expect(await page.locator(".language-switch select").inputValue()).toBe("es");
    };

    await page.goto("/?lng=es");
    await shows(heading(page, "Presente un reclamo por daños en su plan de protección"));
    await page.getByRole("button", { name: "Comenzar" }).click();
    await page.waitForURL((url) => url.pathname === "/find-claim/select-search-method");
    expect(new URL(page.url()).searchParams.has("lng")).toBe(false);
    await searchMethodInSpanish();
    expect(await cookie()).toBe("es");

    await page.reload();
    await searchMethodInSpanish();
    await page.goto("/");
    await shows(heading(page, "Presente un reclamo por daños en su plan de protección"));
  } finally {
    await context.close();
  }
});
