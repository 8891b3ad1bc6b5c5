/**
 * The plan-search try counter in Chromium (SPEC.md sections 2 "No warranty found" and 4 "Plan-search
 * try counter"): after three failed warranty-number searches no-warranty-found offers Contact
 * Service, and still does after a reload and a switch to Spanish; the method screen's Search starts
 * the count again, for the reloads after it too. The count is the tab's (session storage): a new
 * tab of the same browser, and a new visit in a browser profile of its own, start at zero.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPortal, type Portal } from "./harness.ts";

let portal: Portal;
beforeAll(async () => {
  portal = await openPortal();
});
afterAll(async () => {
  await portal?.close();
});

/** The words this test reads and presses, per language. */
const WORDS = {
  en: {
    method: "I have my warranty number",
    search: "Search",
    number: "Warranty number",
    submit: "Submit",
    notFound: "We could not locate your warranty",
    tryAgain: "Try Again",
    contactService: "Contact Service",
  },
  es: {
    method: "Tengo mi número de garantía",
    search: "Buscar",
    number: "Número de garantía",
    submit: "Enviar",
    notFound: "No pudimos encontrar su garantía",
    tryAgain: "Intentar de nuevo",
    contactService: "Contactar al servicio al cliente",
  },
} as const;

type Language = keyof typeof WORDS;

/** From the method screen: the warranty number search, by its Search button. */
async function openNumberSearch(page: Page, language: Language): Promise<void> {
  const words = WORDS[language];
  await page.goto("/find-claim/select-search-method");
  await page.getByLabel(words.method).check();
  await page.getByRole("button", { name: words.search, exact: true }).click();
}

/** Types a number nobody has and submits it, then waits for no-warranty-found. */
async function failSearch(page: Page, language: Language, number: string): Promise<void> {
  const words = WORDS[language];
  await page.getByRole("textbox", { name: words.number }).fill(number);
  await page.getByRole("button", { name: words.submit }).click();
  await page.getByRole("heading", { name: words.notFound }).waitFor();
}

/** What no-warranty-found offers once it is drawn: Try Again or Contact Service (never both). */
async function offer(page: Page, language: Language): Promise<"Try Again" | "Contact Service"> {
  const words = WORDS[language];
  await page.getByRole("heading", { name: words.notFound }).waitFor();
  const either = page
    .getByRole("button", { name: words.tryAgain })
    .or(page.getByRole("button", { name: words.contactService }));
  await either.first().waitFor();
  const tryAgain = await page.getByRole("button", { name: words.tryAgain }).count();
  const contactService = await page.getByRole("button", { name: words.contactService }).count();
  expect(tryAgain + contactService, "buttons offered").toBe(1);
  return contactService ? "Contact Service" : "Try Again";
}

describe("the try counter of a visit", () => {
  it("survives a reload and a switch to Spanish, is not shared with a new tab or another browser profile, and starts again from the method screen's Search", async () => {
    const page = portal.page;
    await openNumberSearch(page, "en");
    await failSearch(page, "en", "W-X00-NOPE01");
    await page.getByRole("button", { name: "Try Again" }).click();
    await failSearch(page, "en", "W-X00-NOPE02");
    await page.getByRole("button", { name: "Try Again" }).click();
    await failSearch(page, "en", "W-X00-NOPE03");
    expect(await offer(page, "en")).toBe("Contact Service");

    await page.reload();
    expect(await offer(page, "en")).toBe("Contact Service");

    await page.getByRole("combobox", { name: "Language" }).selectOption("es");
    await page.getByRole("heading", { name: WORDS.es.notFound }).waitFor();
    expect(await offer(page, "es")).toBe("Contact Service");
    await page.reload();
    expect(await offer(page, "es")).toBe("Contact Service");

    // A new tab of the same browser has a session storage of its own: its count starts at zero
    // (the language cookie is the browser's, so it is in Spanish too).
    const tab = await portal.context.newPage();
    try {
      await tab.goto("/find-claim/not-found");
      expect(await offer(tab, "es")).toBe("Try Again");
    } finally {
      await tab.close();
    }

    // So does a new visit in a browser profile of its own (its own cookies and storage).
    const other = await portal.newContext();
    try {
      const otherPage = await other.newPage();
      await otherPage.goto("/find-claim/not-found");
      expect(await offer(otherPage, "en")).toBe("Try Again");
      await otherPage.goto("/find-claim/warranty-number");
      await failSearch(otherPage, "en", "W-X00-NOPE05");
      expect(await offer(otherPage, "en")).toBe("Try Again");
    } finally {
      await other.close();
    }
    await page.reload();
    expect(await offer(page, "es")).toBe("Contact Service");

    // The Search button on the method screen starts the count again, and a reload keeps it so.
    await openNumberSearch(page, "es");
    await failSearch(page, "es", "W-X00-NOPE04");
    expect(await offer(page, "es")).toBe("Try Again");
    await page.reload();
    expect(await offer(page, "es")).toBe("Try Again");
  });
});
