/**
 * Names the server gives (plan items, materials, the claim's option lists) are in the language on
 * screen (SPEC.md section 9), in Chromium: after a switch in the header (on claim step 3, and on
 * 'Select your Plan', where the plans are loaded again by id rather than searched again), after a
 * reload in the language chosen before, and when the phone's own language is another.
 */
import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { heading, shows, startClaim } from "../model/screen.ts";
import { openPortal, type Portal } from "./harness.ts";

const PLAN = "W-E34-WS4566";
/** Carlos Rivera's plan: Sectional and Chair, Flexsteel, Fabric, Navy ('Sofá seccional', 'Tela', 'Azul marino'). */
const OTHER_PLAN = "W-K77-AB1020";

let portal: Portal;
beforeAll(async () => {
  portal = await openPortal();
});
afterAll(async () => {
  await portal?.close();
});

/** Runs `journey` on a page of a fresh context whose browser language is `locale`. */
async function onPhone(locale: string, journey: (page: Page) => Promise<void>): Promise<void> {
  const context: BrowserContext = await portal.newContext(locale);
  try {
    await journey(await context.newPage());
  } finally {
    await context.close();
  }
}

/** Chooses a language with the header's switch, as a person does (its label is in the language on screen). */
const choose = (page: Page, language: "en" | "es") => page.locator(".language-switch select").selectOption(language);

/** The text of a select's chosen option. */
const chosenText = (select: Locator) =>
  select.evaluate((element: HTMLSelectElement) => element.selectedOptions[0]?.textContent ?? "");

/** A cell of the plans' item tables, by its exact text. */
const cell = (page: Page, text: string) => page.getByRole("cell", { name: text, exact: true });

/** Waits until the plan's items show `shown` and none of `notShown`. */
async function itemsRead(page: Page, shown: string[], notShown: string[]): Promise<void> {
  for (const text of shown) await shows(cell(page, text).first());
  for (const text of notShown) expect(await cell(page, text).count(), `'${text}' on the plan card`).toBe(0);
}

it("a switch to Spanish on claim step 3 (browser in English) turns the item and its material lists Spanish", async () => {
  await onPhone("en-US", async (page) => {
    await startClaim(page, PLAN);
    await page.getByRole("checkbox", { name: /^Sofa/ }).check();
    await page.getByRole("button", { name: "Next" }).click();
    await shows(heading(page, "Confirm/Update Item Details"));
    const material = () => page.getByRole("group", { name: /^Sof/ }).getByRole("combobox", { name: /^Material/ });
    expect(await chosenText(material())).toBe("Leather");

    await choose(page, "es");
    await shows(heading(page, "Confirme o actualice los datos del artículo"));
    await shows(page.getByRole("group", { name: "Sofá" }));
    await expect.poll(() => chosenText(material()), { timeout: 15_000 }).toBe("Cuero");
    const materials = await material().locator("option").allTextContents();
    expect(materials).toEqual(expect.arrayContaining(["Cuero", "Microfibra", "Tela"]));
    expect(materials).not.toContain("Leather");
  });
});

it("a switch to Spanish on 'Select your Plan' turns the plan card's items 'Sofá… Cuero', without a reload or a new search", async () => {
  await onPhone("en-US", async (page) => {
    await page.goto("/find-claim/warranty-number");
    await page.getByRole("textbox", { name: "Warranty number" }).fill(PLAN);
    await page.getByRole("button", { name: "Submit" }).click();
    await shows(heading(page, "Select your Plan"));
    await itemsRead(page, ["Sofa", "Leather"], ["Sofá", "Cuero"]);
    // Marks this page load: a reload would lose it.
    await page.evaluate(() => Object.assign(window, { sameLoad: true }));
    const searches: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/search_plan")) searches.push(request.url());
    });

    await choose(page, "es");
    await shows(heading(page, "Seleccione su plan"));
    await itemsRead(page, ["Sofá", "Cuero"], ["Sofa", "Leather"]);
    expect(await page.evaluate(() => (window as { sameLoad?: boolean }).sameLoad)).toBe(true);
    expect(searches).toEqual([]);
  });
});

it("Spanish chosen on an English phone: the plan's items read 'Sofá… Cuero', and still do after a reload", async () => {
  await onPhone("en-US", async (page) => {
    await page.goto("/find-claim/warranty-number");
    await choose(page, "es");
    await page.getByRole("textbox", { name: "Número de garantía" }).fill(PLAN);
    await page.getByRole("button", { name: "Enviar" }).click();
    await shows(heading(page, "Seleccione su plan"));
    await itemsRead(page, ["Sofá", "Cuero"], ["Sofa", "Leather"]);

    await page.reload();
    await shows(heading(page, "Seleccione su plan"));
    await itemsRead(page, ["Sofá", "Cuero"], ["Sofa", "Leather"]);
  });
});

it("English chosen on claim step 2 of a Spanish phone: the items read 'Sectional… Fabric… Navy', and still do after a reload", async () => {
  await onPhone("es-ES", async (page) => {
    await page.goto("/find-claim/warranty-number");
    await page.getByRole("textbox", { name: "Número de garantía" }).fill(OTHER_PLAN);
    await page.getByRole("button", { name: "Enviar" }).click();
    await shows(heading(page, "Seleccione su plan"));
    await page.getByRole("radio", { name: new RegExp(OTHER_PLAN) }).check();
    await page.getByRole("button", { name: "Enviar" }).click();
    await shows(heading(page, "Seleccione los artículos dañados de su plan"));
    await shows(page.getByRole("checkbox", { name: /^Sofá seccional.*Tela.*Azul marino/ }));

    await choose(page, "en");
    await shows(heading(page, "Select damaged items under your plan"));
    await shows(page.getByRole("checkbox", { name: /^Sectional.*Fabric.*Navy/ }));
    expect(await page.getByRole("main").textContent()).not.toMatch(/Sofá|Tela|Azul marino/);

    await page.reload();
    await shows(page.getByRole("checkbox", { name: /^Sectional.*Fabric.*Navy/ }));
    expect(await page.getByRole("main").textContent()).not.toMatch(/Sofá|Tela|Azul marino/);
  });
});
