/**
 * The steps the bench and its diagnosis take in the portal before measuring a screen a person
 * reaches by searching: the same path, so both measure the same page.
 */
import type { Page } from "playwright-core";

/** Finds W-E34-WS4566, as a person would: the browser's session may then open its plan and claims. */
export async function findPlan(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/find-claim/warranty-number`);
  await page.getByRole("textbox", { name: "Warranty number" }).fill("W-E34-WS4566");
  await page.getByRole("button", { name: "Submit" }).click();
  await page.getByRole("heading", { name: "Select your Plan" }).waitFor();
}

/** Finds W-E34-WS4566 and files its claim up to step 4 (the sofa, its details); returns the step 4 URL. */
export async function fileUpToStep4(page: Page, origin: string): Promise<string> {
  await findPlan(page, origin);
  await page.getByRole("button", { name: "Submit" }).click();
  await page.getByRole("checkbox", { name: /Sofa/ }).check();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("heading", { name: "Confirm/Update Item Details" }).waitFor();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("heading", { name: "Report your damage" }).waitFor();
  return page.url();
}
