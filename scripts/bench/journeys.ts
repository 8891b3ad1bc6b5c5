/**
 * The steps the bench and its diagnosis take in the portal before measuring a screen a person
 * reaches by searching: the same path, so both measure the same page.
 */
import type { Page } from "playwright-core";

/** The demo plan whose claim the bench files and measures. */
export const BENCH_PLAN = "W-E34-WS4566";

/** Finds BENCH_PLAN, as a person would: the browser's session may then open its plan and claims. */
export async function findPlan(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/find-claim/warranty-number`);
  await page.getByRole("textbox", { name: "Warranty number" }).fill(BENCH_PLAN);
  await page.getByRole("button", { name: "Submit" }).click();
  await page.getByRole("heading", { name: "Select your Plan" }).waitFor();
}

/** The heading of the FPP claim's step 4, the screen the bench measures. */
export const STEP4_HEADING = "Report your damage";

/** Finds BENCH_PLAN and files its claim up to step 4 (the sofa, its details); returns the step 4 URL. */
export async function fileUpToStep4(page: Page, origin: string): Promise<string> {
  await findPlan(page, origin);
  await page.getByRole("button", { name: "Submit" }).click();
  await page.getByRole("checkbox", { name: /Sofa/ }).check();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("heading", { name: "Confirm/Update Item Details" }).waitFor();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("heading", { name: STEP4_HEADING }).waitFor();
  return page.url();
}

/** The ACE plan the bench and the portal-host test open a claim of (three items with model numbers). */
export const ACE_BENCH_PLAN = "A-300-100200";
export const ACE_STEP1_HEADING = "Verify your contact information";

/** Finds ACE_BENCH_PLAN by its warranty number and starts its claim; returns the URL of the ACE wizard's step 1. */
export async function startAceClaim(page: Page, origin: string): Promise<string> {
  await page.goto(`${origin}/find-claim/warranty-number`);
  await page.getByRole("textbox", { name: "Warranty number" }).fill(ACE_BENCH_PLAN);
  await page.getByRole("button", { name: "Submit" }).click();
  await page.getByRole("radio", { name: new RegExp(ACE_BENCH_PLAN) }).waitFor();
  await page.getByRole("button", { name: "Submit" }).click();
  await page.getByRole("heading", { name: ACE_STEP1_HEADING }).waitFor();
  return page.url();
}

/**
 * Opens a signed plan link (SECURITY.md "Plan links for email") as a person opening it from an
 * email: the server grants its plan to this browser's session, and the portal lands on select-plan.
 * @throws when the portal does not show the plan (an invalid or expired link shows No warranty found)
 */
export async function openPlanLink(page: Page, link: string): Promise<void> {
  await page.goto(link);
  await page.getByRole("heading", { name: "Select your Plan" }).waitFor();
}
