/**
 * Playwright helpers the QA tables share: finding a plan as a person does, and waiting for what a
 * screen shows. Every check waits on what is visible (locators with auto-wait), never on the clock.
 */
import type { Locator, Page } from "playwright-core";

/** The page's main heading, by its text. */
export const heading = (page: Page, name: string | RegExp) => page.getByRole("heading", { level: 1, name });

/**
 * Waits until something the locator finds shows. For a moment a screen may show two matches (the
 * busy Submit beside 'Loading your plans…', a screen drawn while the one it replaces leaves), and
 * one visible match is what a person checks, so a second one must not fail the check.
 */
export const shows = (locator: Locator) => locator.filter({ visible: true }).first().waitFor();

/** Waits until nothing the locator finds shows, however many it finds. */
export const hides = (locator: Locator) => locator.filter({ visible: true }).first().waitFor({ state: "hidden" });

/** Waits until the URL's `step` is `step`. */
export const urlStep = (page: Page, step: number) =>
  page.waitForURL((url) => url.searchParams.get("step") === String(step));

/** On 'Find your warranty' (warranty number): types the number and presses Submit. */
export async function submitWarrantyNumber(page: Page, number: string): Promise<void> {
  await page.getByRole("textbox", { name: "Warranty number" }).fill(number);
  await page.getByRole("button", { name: "Submit" }).click();
}

/** Opens the warranty number search and submits `number`: how most starts find their plan. */
export async function searchByNumber(page: Page, number: string): Promise<void> {
  await page.goto("/find-claim/warranty-number");
  await submitWarrantyNumber(page, number);
}

/** Searches by name and email on 'Lookup based on personal information'. */
export async function searchByEmail(
  page: Page,
  person: { firstName: string; lastName: string; email: string },
): Promise<void> {
  await page.goto("/find-claim/search-by-personal-info");
  await page.getByRole("textbox", { name: "First name" }).fill(person.firstName);
  await page.getByRole("textbox", { name: "Last name" }).fill(person.lastName);
  await page.getByRole("radio", { name: "Email" }).check();
  await page.getByRole("textbox", { name: "Email" }).fill(person.email);
  await page.getByRole("button", { name: "Submit" }).click();
}

/** The radio card of a plan on 'Select your Plan', by its warranty number. */
export const planRadio = (page: Page, number: string) => page.getByRole("radio", { name: new RegExp(number) });

/** Waits for 'Select your Plan' with its plans drawn. */
export async function plansShown(page: Page): Promise<void> {
  await shows(heading(page, "Select your Plan"));
  await shows(page.getByRole("radio").first());
}

/** Finds a plan by its number and presses Submit on 'Select your Plan': the claim wizard opens. */
export async function startClaim(page: Page, number: string): Promise<void> {
  await searchByNumber(page, number);
  await plansShown(page);
  await page.getByRole("button", { name: "Submit" }).click();
}

/** The tester's words for `startClaim`. */
export const startClaimWords = (number: string) => [
  "Open http://localhost:8787/find-claim/warranty-number",
  `Type **${number}** in Warranty number and press **Submit**.`,
  "On 'Select your Plan' press **Submit**: the claim wizard opens.",
];

/** The tester's words for `openDamageStep`. */
export const damageStepWords = (number: string, item: string) => [
  ...startClaimWords(number),
  `Tick **${item}**, press **Next**, then **Next** again: step 4, 'Report your damage', with the ${item}'s 'Photos and documents'.`,
];

/** Starts a claim, ticks `item` and goes on to step 4, 'Report your damage'. */
export async function openDamageStep(page: Page, number: string, item: string): Promise<void> {
  await startClaim(page, number);
  await page.getByRole("checkbox", { name: new RegExp(item) }).check();
  await page.getByRole("button", { name: "Next" }).click();
  await shows(heading(page, "Confirm/Update Item Details"));
  await page.getByRole("button", { name: "Next" }).click();
  await shows(heading(page, "Report your damage"));
}

/** Waits for the page a new tab opens on `action`, and for its address to start with `url`. */
export async function opensTab(page: Page, url: string, action: () => Promise<void>): Promise<void> {
  const [tab] = await Promise.all([page.waitForEvent("popup"), action()]);
  await tab.waitForURL((address) => address.href.startsWith(url));
  await tab.close();
}

/** Waits until a form field shows `value` (a select: its chosen option's text). */
export async function fieldShows(field: Locator, value: string): Promise<void> {
  const element = await field.elementHandle();
  await field
    .page()
    .waitForFunction(
      ([input, wanted]) =>
        (input instanceof HTMLSelectElement ? input.selectedOptions[0]?.text : (input as HTMLInputElement).value) ===
        wanted,
      [element, value] as const,
    );
}

/**
 * A URL change from outside, as the browser's Back and Forward make it: a history entry with the
 * new step and a popstate, which the router reads (no reload: the wizard keeps running).
 */
export async function changeUrlStep(page: Page, step: number | null): Promise<void> {
  await page.evaluate((next) => {
    const url = new URL(window.location.href);
    if (next === null) url.searchParams.delete("step");
    else url.searchParams.set("step", String(next));
    window.history.pushState(window.history.state, "", url);
    window.dispatchEvent(new PopStateEvent("popstate", { state: window.history.state }));
  }, step);
}
