/**
 * Nothing wraps badly on a 375 px phone, in English or Spanish: the page never scrolls sideways,
 * no text runs past the box it sits in, and the longest words of the personal search's 'Search
 * with' choice ('Correo electrónico') keep clear of their borders.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { LANGUAGE_COOKIE } from "../../contract/locales.ts";
import { openPortal, type Portal } from "./harness.ts";

let portal: Portal;
beforeAll(async () => {
  portal = await openPortal();
});
afterAll(async () => {
  await portal?.close();
});

async function inSpanish(context: BrowserContext): Promise<void> {
  await context.addCookies([{ name: LANGUAGE_COOKIE, value: "es", url: portal.server.url }]);
}

/**
 * What overflows on the page as drawn: the page's own sideways scroll, and every visible element
 * whose content is wider than its box while the box lets it spill (overflow visible), named by its
 * tag, class and first words.
 */
async function overflows(page: Page): Promise<string[]> {
  await page.getByRole("heading", { level: 1 }).first().waitFor();
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.scrollingElement!;
    if (root.scrollWidth > window.innerWidth) found.push(`page scrolls sideways: ${root.scrollWidth} px wide`);
    for (const element of document.querySelectorAll<HTMLElement>("body *")) {
      const style = getComputedStyle(element);
      if (style.overflowX !== "visible" || style.display === "none" || style.visibility === "hidden") continue;
      if (element.clientWidth === 0 || element.closest("svg, [aria-hidden=true], .visually-hidden, .sr-only")) continue;
      // One pixel of rounding is no overflow.
      if (element.scrollWidth > element.clientWidth + 1 && element.textContent?.trim()) {
        found.push(
          `${element.tagName.toLowerCase()}.${element.className}: "${element.textContent.trim().slice(0, 40)}" needs ${element.scrollWidth} px in ${element.clientWidth}`,
        );
      }
    }
    return found;
  });
}

/** Screens a consumer meets before a claim, each reached by its own address. */
const SCREENS = [
  "/find-claim/select-search-method",
  "/find-claim/warranty-number",
  "/find-claim/search-by-personal-info",
  "/find-claim/not-found",
  "/contact-service",
];

it.each(["en", "es"])("lets nothing run past its box on the search screens at 375 px (%s)", async (language) => {
  const context = await portal.newContext();
  try {
    if (language === "es") await inSpanish(context);
    const page = await context.newPage();
    for (const path of SCREENS) {
      await page.goto(path);
      expect(await overflows(page), path).toEqual([]);
    }
    // Each way of the personal search shows its own fields.
    for (const method of language === "es"
      ? ["Correo electrónico", "Teléfono", "Factura"]
      : ["Email", "Phone", "Invoice"]) {
      await page.goto("/find-claim/search-by-personal-info");
      await page.getByRole("radio", { name: method }).check();
      expect(await overflows(page), method).toEqual([]);
    }
  } finally {
    await context.close();
  }
});

it("lets nothing run past its box from the plans to the damage step at 375 px, in English and after a switch to Spanish", async () => {
  const context = await portal.newContext();
  try {
    const page = await context.newPage();
    /** Checks the screen in English, then reloaded in Spanish, then back in English. */
    const checkBothLanguages = async (screen: string) => {
      expect(await overflows(page), `${screen} (en)`).toEqual([]);
      await inSpanish(context);
      await page.reload();
      expect(await overflows(page), `${screen} (es)`).toEqual([]);
      await context.addCookies([{ name: LANGUAGE_COOKIE, value: "en", url: portal.server.url }]);
      await page.reload();
      await page.getByRole("heading", { level: 1 }).first().waitFor();
    };
    await page.goto("/find-claim/warranty-number");
    await page.getByRole("textbox", { name: "Warranty number" }).fill("W-K77-AB1020");
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByRole("heading", { name: "Select your Plan" }).waitFor();
    await checkBothLanguages("select plan");
    await page.getByRole("radio", { name: /W-K77-AB1020/ }).check();
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByRole("checkbox").first().check();
    await checkBothLanguages("claim items");
    await page.getByRole("checkbox").first().check();
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("heading", { level: 1, name: "Confirm/Update Item Details" }).waitFor();
    await checkBothLanguages("item details");
    await page.getByLabel("Manufacturer").selectOption({ index: 1 });
    await page.getByLabel("Material").selectOption({ index: 1 });
    await page.getByLabel("Color").selectOption({ index: 1 });
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("heading", { level: 1, name: "Report your damage" }).waitFor();
    // Next with nothing filled: the error summary and every field's message are on screen too.
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText("Please check the following").waitFor();
    expect(await overflows(page), "damage step with its errors (en)").toEqual([]);
    await inSpanish(context);
    await page.reload();
    await page.getByRole("button", { name: "Siguiente" }).click();
    await page.getByText("Revise lo siguiente").waitFor();
    expect(await overflows(page), "damage step with its errors (es)").toEqual([]);
  } finally {
    await context.close();
  }
});

it("keeps each 'Buscar con' choice's words inside its box, clear of the border, at 375 px", async () => {
  const context = await portal.newContext();
  try {
    await inSpanish(context);
    const page = await context.newPage();
    await page.goto("/find-claim/search-by-personal-info");
    await page.getByRole("radio", { name: "Correo electrónico" }).waitFor();
    const gaps = await page.locator(".segmented label").evaluateAll((labels) =>
      labels.map((label) => {
        const box = label.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(label);
        const text = [...range.getClientRects()].filter((rect) => rect.width > 0);
        return {
          label: label.textContent,
          left: Math.min(...text.map((rect) => rect.left)) - box.left,
          right: box.right - Math.max(...text.map((rect) => rect.right)),
        };
      }),
    );
    expect(gaps.map((gap) => gap.label)).toEqual(["Correo electrónico", "Teléfono", "Factura"]);
    // At least 4 px between the words (or the radio) and each side's border.
    for (const gap of gaps) {
      expect(gap.left, gap.label!).toBeGreaterThanOrEqual(4);
      expect(gap.right, gap.label!).toBeGreaterThanOrEqual(4);
    }
  } finally {
    await context.close();
  }
});
