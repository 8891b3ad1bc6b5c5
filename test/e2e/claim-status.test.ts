/**
 * The claim-status page in Chromium against the reference API: a consumer files an FPP claim on
 * W-E34-WS4566, presses 'View Claim Status' on the confirmation and sees the claim with 'Submitted'
 * dated today and marked as the current step, in English and then in Spanish; the page is axe-clean
 * and fits a 375 px phone and a 1280 px desktop. Staff move it to review: Check for updates and a
 * reload show it. A browser that never found a claim's plan is told the claim cannot be shown and
 * is offered the search; the holder of an emailed signed link sees the claim from any browser until
 * the link's time is over, then is told the link has expired.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimStatusLinkPath } from "../../server/domain/claim-status-links.ts";
import { fileFppClaim } from "../model/claim-status.model.ts";
import { accessibilityViolations, openPortal, type Portal } from "./harness.ts";

/** The key staff move claims with (POST /staff/claim_status), as `npm run claim-status` sends it. */
const STAFF_KEY = "e2e-staff-key-of-the-claim-status-journey";

let portal: Portal;
beforeAll(async () => {
  portal = await openPortal({ staffKey: STAFF_KEY });
});
afterAll(async () => {
  await portal?.close();
});

/** Today in the browser's zone, as the page writes a date in `language` ('November 26th, 2026', '26 de noviembre de 2026'). */
async function todayIn(page: Page, language: "en" | "es"): Promise<string> {
  const { year, month, day } = await page.evaluate((locale) => {
    const now = new Date();
    return { year: now.getFullYear(), month: new Intl.DateTimeFormat(locale, { month: "long" }).format(now), day: now.getDate() };
  }, language);
  if (language === "es") return `${day} de ${month} de ${year}`;
  const suffix = day % 10 === 1 && day !== 11 ? "st" : day % 10 === 2 && day !== 12 ? "nd" : day % 10 === 3 && day !== 13 ? "rd" : "th";
  return `${month} ${day}${suffix}, ${year}`;
}

/** The current step of the timeline: its name, its mark on screen and the day it was reached. */
async function currentStep(page: Page): Promise<{ name: string; mark: string; day: string }> {
  const step = page.getByRole("list", { name: /Progress|Progreso/ }).locator("li[aria-current=step]");
  await step.waitFor();
  const [name, mark, day] = await Promise.all([step.locator(".claim-step-name").innerText(), step.locator(".badge").innerText(), step.locator("time").innerText()]);
  return { name, mark, day };
}

/** Staff move claim `code` to `step`, as `npm run claim-status -- <code> <step>` does. */
async function staffMove(code: string, step: string): Promise<void> {
  const response = await fetch(`${portal.server.url}/api/v1/staff/claim_status`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-staff-key": STAFF_KEY },
    body: JSON.stringify({ code, step }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** The id of the demo claim in progress on W-P55-IP0001: it exists, but no new browser has found its plan. */
async function claimInProgress(): Promise<number> {
  const [claim] = await portal.server.db.query<{ id: number }>("SELECT c.id FROM claims c JOIN plans p ON p.id = c.plan_id WHERE p.number = 'W-P55-IP0001'");
  return claim!.id;
}

/** True when nothing of the page reaches past the window's width (no sideways scrolling). */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe("the claim-status page after Submit", () => {
  it("shows the claim just filed with 'Submitted' dated today as the current step, in English and in Spanish", async () => {
    const { page } = portal;
    // The day as it was before the claim was filed, and again after: a run across midnight takes either.
    const daysEn = [await todayIn(page, "en")];
    const claimId = await fileFppClaim(page);

    await page.getByRole("link", { name: "View Claim Status" }).click();
    await page.waitForURL((url) => url.pathname === "/claim-status" && url.searchParams.get("code") === `CL-${claimId}`);
    await page.getByRole("heading", { level: 1, name: "Your claim status" }).waitFor();
    await page.getByText(`CL-${claimId}`, { exact: true }).waitFor();
    const current = await currentStep(page);
    daysEn.push(await todayIn(page, "en"));
    expect(current).toEqual({ name: "Submitted", mark: "Current step", day: expect.toBeOneOf(daysEn) });
    expect(await page.getByRole("list", { name: "Progress" }).getByRole("listitem").allInnerTexts()).toHaveLength(5);
    await page.getByRole("heading", { level: 2, name: "What happens next" }).waitFor();
    await page.getByText("portrait_6.jpg").waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Your claim status");
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);

    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await fitsWidth(page)).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 812 });

    // Back on the confirmation, in Spanish this time.
    await page.goBack();
    await page.getByRole("heading", { name: "Thank you for submitting your claim" }).waitFor();
    await page.locator(".language-switch select").selectOption("es");
    const daysEs = [await todayIn(page, "es")];
    await page.getByRole("link", { name: "Ver el estado del reclamo" }).click();
    await page.getByRole("heading", { level: 1, name: "El estado de su reclamo" }).waitFor();
    const actual = await currentStep(page);
    daysEs.push(await todayIn(page, "es"));
    expect(actual).toEqual({ name: "Enviado", mark: "Paso actual", day: expect.toBeOneOf(daysEs) });
    await page.getByRole("heading", { level: 2, name: "Qué sigue" }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    // Staff move the claim to review: Check for updates shows it, and so does a reload.
    await staffMove(`CL-${claimId}`, "in_review");
    await page.getByRole("button", { name: "Buscar novedades" }).click();
    await page.getByRole("list", { name: "Progreso" }).locator("li[aria-current=step]", { hasText: "En revisión" }).waitFor();
    await page.reload();
    const moved = await currentStep(page);
    expect(moved).toEqual({ name: "En revisión", mark: "Paso actual", day: expect.toBeOneOf([...daysEs, await todayIn(page, "es")]) });
  });

  it("a browser that never found the plan is told the claim cannot be shown and offered the search", async () => {
    const context = await portal.newContext();
    const page = await context.newPage();
    const claimId = await claimInProgress();
    await page.goto(`/claim-status?code=CL-${claimId}`);
    await page.getByRole("heading", { level: 1, name: "Claim not found" }).waitFor();
    expect(await page.getByText(`CL-${claimId}`).count()).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Find your warranty" }).click();
    await page.getByRole("heading", { name: "We need to find your warranty" }).waitFor();
    await context.close();
  });

  it("an emailed link opens the claim's status in any browser until its time is over, then says the link has expired", async () => {
    const claimId = await claimInProgress();
    const secret = portal.server.config.linkSecret!;
    const context = await portal.newContext("es-ES");
    const page = await context.newPage();
    await page.goto(claimStatusLinkPath(secret, claimId));
    await page.getByRole("heading", { level: 1, name: "El estado de su reclamo" }).waitFor();
    await page.getByText(`CL-${claimId}`, { exact: true }).waitFor();

    const expired = Math.floor(Date.now() / 1000) - 60;
    await page.goto(claimStatusLinkPath(secret, claimId, expired));
    await page.getByRole("heading", { level: 1, name: "Este enlace ha caducado" }).waitFor();
    expect(await page.getByText(`CL-${claimId}`).count()).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Busque su garantía" }).waitFor();
    await context.close();
  });
});
