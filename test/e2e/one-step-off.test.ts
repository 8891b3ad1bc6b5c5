/**
 * One step off the happy path, in Chromium at 375 px, each in the language the consumer met it in:
 * a failed plan link opened first in its tab, a name typed with its accents, and the smaller
 * things (the missing item's price, a server's refusal on a Spanish screen, a page's code that did
 * not arrive, step 4's summary, an impossible date, a thank-you page for a ticket never received,
 * and a missing-item link for a claim this browser cannot reach). Each case runs in a context of
 * its own, and a case that starts a claim does so on a plan no other case uses.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANGUAGE_COOKIE } from "../../contract/locales.ts";
import { fetchInSession, openPortal, type Portal } from "./harness.ts";

let portal: Portal;
beforeAll(async () => {
  portal = await openPortal();
});
afterAll(async () => {
  await portal?.close();
});

/** Runs `run` on the first page of a fresh context (Spanish when asked), closing the context after. */
async function inFreshTab(
  language: "en" | "es",
  run: (page: Page, context: BrowserContext) => Promise<void>,
): Promise<void> {
  const context = await portal.newContext();
  try {
    if (language === "es") await inSpanish(context);
    await run(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

async function inSpanish(context: BrowserContext): Promise<void> {
  await context.addCookies([{ name: LANGUAGE_COOKIE, value: "es", url: portal.server.url }]);
}

/** Finds an FPP plan by its number and starts a claim on it: step 2 of the wizard. */
async function startClaim(page: Page, number: string): Promise<void> {
  await page.goto("/find-claim/warranty-number");
  await page.getByRole("textbox", { name: "Warranty number" }).fill(number);
  await page.getByRole("button", { name: "Submit" }).click();
  await page.getByRole("heading", { name: "Select your Plan" }).waitFor();
  await page.getByRole("radio", { name: new RegExp(number) }).check();
  await page.getByRole("button", { name: "Submit" }).click();
  await page.getByRole("heading", { level: 1, name: "Select damaged items under your plan" }).waitFor();
}

/** The missing-item form's labels and buttons, in each language. */
const FORM = {
  en: {
    itemType: "Item type",
    manufacturer: "Manufacturer",
    material: "Material",
    color: "Color",
    model: "Model",
    price: "Price",
    description: "Description",
    submit: "Submit",
  },
  es: {
    itemType: "Tipo de artículo",
    manufacturer: "Fabricante",
    material: "Material",
    color: "Color",
    model: "Modelo",
    price: "Precio",
    description: "Descripción",
    submit: "Enviar",
  },
} as const;

/** Fills the missing-item form's required fields, the price as typed, and presses Submit. */
async function describeMissingItem(page: Page, language: "en" | "es", price: string): Promise<void> {
  const words = FORM[language];
  const main = page.getByRole("main");
  for (const select of [words.itemType, words.manufacturer, words.material, words.color]) {
    await main.getByRole("combobox", { name: new RegExp(`^${select}`) }).selectOption({ index: 1 });
  }
  await main.getByRole("textbox", { name: new RegExp(`^${words.model}`) }).fill("T-100");
  await main.getByRole("textbox", { name: new RegExp(`^${words.price}`) }).fill(price);
  await main
    .getByRole("textbox", { name: new RegExp(`^${words.description}`) })
    .fill("Walnut coffee table bought with the sofa");
  await main.getByRole("button", { name: words.submit, exact: true }).click();
}

describe("a failed plan link opened as the first page of a tab (English)", () => {
  it("says 'We could not locate your warranty', and Try Again opens the search, not a blank tab", async () => {
    await inFreshTab("en", async (page) => {
      await page.goto("/find-claim/1?customer_id=999&plan_type=FPP");
      await page.getByText("We could not locate your warranty").waitFor();
      await page.getByRole("button", { name: "Try Again" }).click();
      await page.getByRole("heading", { name: "We need to find your warranty" }).waitFor();
      expect(new URL(page.url()).pathname).toBe("/find-claim/select-search-method");
    });
  });
});

describe("a name typed with its accents (English)", () => {
  // The demo data's Maria Lopez (A-300-100200) is seeded without accents; the search folds both sides.
  it.each([
    ["María", "López"],
    ["  MARÍA ", " lópez  "],
  ])("'%s %s' with the seeded email finds Maria Lopez's plan", async (first, last) => {
    await inFreshTab("en", async (page) => {
      await page.goto("/find-claim/search-by-personal-info");
      await page.getByRole("textbox", { name: "First name" }).fill(first);
      await page.getByRole("textbox", { name: "Last name" }).fill(last);
      await page.getByRole("radio", { name: "Email" }).check();
      await page.getByRole("textbox", { name: "Email" }).fill("maria.lopez@example.com");
      await page.getByRole("button", { name: "Submit" }).click();
      await page.getByRole("heading", { name: "Select your Plan" }).waitFor();
      await page.getByRole("radio", { name: /A-300-100200/ }).waitFor();
    });
  });
});

describe("the smaller things", () => {
  it("a missing-item link for a claim this browser cannot reach says so before any typing, with a way to the search (Spanish)", async () => {
    await inFreshTab("es", async (page) => {
      await page.goto("/find-claim/add-warrnty-item?claimId=424242424242&warranty_id=1");
      await page.getByRole("heading", { level: 1, name: "No se encontró el reclamo" }).waitFor();
      await page
        .getByText("No pudimos encontrar este reclamo. Revise el enlace o busque su garantía para comenzar de nuevo.")
        .waitFor();
      expect(await page.getByRole("combobox", { name: /^Tipo de artículo/ }).count()).toBe(0);
      await page.getByRole("button", { name: "Busque su garantía" }).click();
      await page.getByRole("heading", { name: "Necesitamos encontrar su garantía" }).waitFor();
    });
  });

  it("the missing item's Price has a decimal keypad and takes '1,299.00' in English and '1.299,00' in Spanish; a refusal on the Spanish screen is said in Spanish", async () => {
    await inFreshTab("en", async (page, context) => {
      await startClaim(page, "W-E34-WS4566");
      await page.getByRole("link", { name: "+ Add Missing Item" }).click();
      await page.getByRole("heading", { level: 1, name: "Missing Line Item." }).waitFor();
      const formUrl = page.url();
      const claimId = Number(new URL(formUrl).searchParams.get("claimId"));
      expect(await page.getByRole("textbox", { name: /^Price/ }).getAttribute("inputmode")).toBe("decimal");
      await describeMissingItem(page, "en", "1,299.00");
      await page.getByRole("dialog", { name: "Plan item added successfully" }).waitFor();

      await inSpanish(context);
      await page.goto(formUrl);
      await page.getByRole("heading", { level: 1, name: "Artículo faltante." }).waitFor();
      expect(await page.getByRole("textbox", { name: /^Precio/ }).getAttribute("inputmode")).toBe("decimal");
      await describeMissingItem(page, "es", "1.299,00");
      await page.getByRole("dialog", { name: "Artículo del plan agregado correctamente" }).waitFor();

      const prices = await portal.server.db.query<{ price: string }>(
        "SELECT price::text AS price FROM plan_items WHERE claim_id = $1 ORDER BY id",
        [claimId],
      );
      expect(prices.map((row) => Number(row.price))).toEqual([1299, 1299]);

      // The claim goes (deleted from another tab) while the Spanish form is open: the API refuses the item.
      await page.goto(formUrl);
      await page.getByRole("combobox", { name: /^Tipo de artículo/ }).waitFor();
      const deleted = await fetchInSession(context, `${portal.server.url}/api/v1/delete_draft_claim/${claimId}`, {
        method: "DELETE",
        headers: { "x-api-key": portal.server.config.apiKey },
      });
      expect(deleted.status).toBe(200);
      await describeMissingItem(page, "es", "10");
      const refusal = page.getByRole("main").getByRole("alert");
      await refusal.waitFor();
      expect(await refusal.textContent()).toBe(
        "No pudimos encontrar este reclamo. Revise el enlace o busque su garantía para comenzar de nuevo.",
      );
    });
  });

  /** Starts a claim on `number` and confirms its first item's details: step 4, 'Report your damage'. */
  async function reachDamageStep(page: Page, number: string): Promise<void> {
    await startClaim(page, number);
    await page.getByRole("checkbox").first().check();
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("heading", { name: "Confirm/Update Item Details" }).waitFor();
    for (const label of ["Manufacturer", "Material", "Color"]) await page.getByLabel(label).selectOption({ index: 1 });
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("heading", { name: "Report your damage" }).waitFor();
  }

  // Plans of their own (Carlos Rivera's two): the missing-item case keeps a claim on W-E34-WS4566 when it fails.
  it("step 4's 'Please check the following' names a missing photo (English)", async () => {
    await inFreshTab("en", async (page) => {
      await reachDamageStep(page, "W-K77-AB1020");
      await page.getByRole("button", { name: "Next" }).click();
      const summary = page.getByRole("alert", { name: "Please check the following" });
      await summary.waitFor();
      await summary
        .getByRole("link", { name: /^.+ – Photos and documents of the .+: We need at least one photo from you$/ })
        .waitFor();
    });
  });

  it("typing 31/02/2024 gives a field error saying the date does not exist, and nothing warns in the console (English)", async () => {
    await inFreshTab("en", async (page) => {
      await reachDamageStep(page, "W-K77-AB1021");
      const warnings: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "warning" || message.type() === "error") warnings.push(message.text());
      });
      const date = page.getByRole("textbox", { name: /^When did you notice the damage/ });
      await date.fill("31/02/2024");
      await date.blur();
      await page.getByRole("main").getByText("Enter a real date as DD/MM/YYYY", { exact: true }).waitFor();
      expect(await date.getAttribute("aria-invalid")).toBe("true");
      await page.getByRole("button", { name: "Next" }).click();
      await page
        .getByRole("alert", { name: "Please check the following" })
        .getByRole("link", { name: "When did you notice the damage: Enter a real date as DD/MM/YYYY" })
        .waitFor();
      expect(warnings).toEqual([]);
    });
  });

  it("a page's code that does not arrive is said in words, with Refresh Page and Go Home (English)", async () => {
    await inFreshTab("en", async (page) => {
      await page.route(/\/assets\/warranty-number-[^/]*\.js$/, (route) => route.abort("connectionreset"));
      await page.goto("/find-claim/select-search-method");
      await page.getByLabel("I have my warranty number").check();
      await page.getByRole("button", { name: "Search" }).click();
      await page.getByRole("heading", { name: "Oops! Something went wrong" }).waitFor();
      await page
        .getByText("Part of this page could not be loaded. Check your connection, then refresh the page.")
        .waitFor();
      expect(await page.getByRole("main").textContent()).not.toMatch(/\.js|dynamically imported/);
      await page.getByRole("button", { name: "Refresh Page" }).waitFor();
      await page.getByRole("button", { name: "Go Home" }).waitFor();
    });
  });

  it("?step=5&ticket=FAKE-123 shows no thank-you page with that number (English)", async () => {
    await inFreshTab("en", async (page) => {
      // With a request id, as a real thank-you address has one: without it the route starts step 1 anyway.
      await page.goto(`/contact-service?step=5&id=${crypto.randomUUID()}&ticket=FAKE-123`);
      const heading = page.getByRole("main").getByRole("heading", { level: 1 });
      await heading.waitFor();
      expect(await heading.textContent()).not.toMatch(/Thank you/i);
      expect(await page.getByText("FAKE-123").count()).toBe(0);
    });
  });
});
