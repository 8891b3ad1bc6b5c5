/**
 * Steps the browser journeys share, as a person does them on a phone: the demo damage of an FPP
 * claim, the way to the not-found screen, and the two forms of a contact-service request. Each
 * fills what is on screen; the journey decides what to press next.
 */
import type { Locator, Page } from "playwright-core";

/** The FPP damage of the journeys on step 4: a red-wine stain, noticed 02/11/2026. */
export async function describeFppDamage(
  scope: Page | Locator,
  note = "Red wine spilled on the middle seat cushion.",
): Promise<void> {
  await scope.getByLabel("Damage Type").selectOption({ label: "Stain" });
  await scope.getByLabel("Specific Damage").selectOption({ index: 1 });
  await scope.getByLabel("Damage Area").selectOption({ index: 1 });
  await scope.getByLabel("When did you notice the damage").fill("02/11/2026");
  await scope.getByLabel("How did it happen").selectOption({ index: 1 });
  await scope.getByLabel("Did you take any steps to remedy?").selectOption({ index: 1 });
  await scope.getByLabel("Note").fill(note);
}

/** Step 3 of the FPP wizard as the journeys confirm the sofa: Ashley, Leather, Brown. */
export async function confirmSofaDetails(page: Page): Promise<void> {
  await page.getByLabel("Manufacturer").selectOption({ label: "Ashley" });
  await page.getByLabel("Material").selectOption({ label: "Leather" });
  await page.getByLabel("Color").selectOption({ label: "Brown" });
}

const textbox = (page: Page, name: RegExp) => page.getByRole("main").getByRole("textbox", { name });

/** Three unknown warranty numbers (through Try Again), ending on the not-found screen with its Contact Service. */
export async function reachWarrantyNotFound(page: Page): Promise<void> {
  await page.goto("/find-claim/select-search-method");
  await page.getByLabel("I have my warranty number").check();
  await page.getByRole("button", { name: "Search" }).click();
  for (const [index, number] of ["W-X00-NOPE01", "W-X00-NOPE02", "W-X00-NOPE03"].entries()) {
    if (index > 0) await page.getByRole("button", { name: "Try Again" }).click();
    await page.getByRole("textbox", { name: "Warranty number" }).fill(number);
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByRole("heading", { name: "We could not locate your warranty" }).waitFor();
  }
  await page.getByRole("button", { name: "Contact Service" }).waitFor();
}

/** The contact-service request's id once the step shown has written it into the URL (a moment after its title shows). */
export async function requestIdInUrl(page: Page): Promise<string> {
  await page.waitForURL((url) => url.pathname === "/contact-service" && url.searchParams.has("id"));
  return new URL(page.url()).searchParams.get("id")!;
}

/** Contact service step 1: Jane Doe of 350 5th Ave, New York. */
export async function fillCustomerDetails(page: Page): Promise<void> {
  await textbox(page, /^Name on invoice/).fill("Jane Doe");
  await textbox(page, /^Email/).fill("jane.doe@example.com");
  await textbox(page, /^Phone/).fill("2125550134");
  await textbox(page, /^Street address/).fill("350 5th Ave");
  await textbox(page, /^City/).fill("New York");
  await textbox(page, /^State/).fill("NY");
  await textbox(page, /^ZIP code/).fill("10118");
}

/** Contact service step 2: INV-100234 from Furniture Mart, bought 15/03/2024, nothing exchanged. */
export async function fillPurchaseDetails(page: Page): Promise<void> {
  await textbox(page, /^Invoice number/).fill("INV-100234");
  await textbox(page, /^Date of purchase/).fill("15/03/2024");
  await textbox(page, /^Store name/).fill("Furniture Mart");
  await textbox(page, /^Store phone/).fill("(212) 555-0199");
  await textbox(page, /^Store address/).fill("1 Main St");
  await textbox(page, /^Store city/).fill("New York");
  await textbox(page, /^Store state/).fill("NY");
  await textbox(page, /^Store ZIP code/).fill("10001");
  await page.getByRole("radio", { name: "No" }).check();
}
