/**
 * The claim-status page in Chromium against the reference API: a consumer files an FPP claim on
 * W-E34-WS4566, presses 'View Claim Status' on the confirmation and sees the claim with 'Submitted'
 * dated today and marked as the current step, in English and then in Spanish; the page is axe-clean
 * and fits a 375 px phone and a 1280 px desktop. Staff move it to review: Check for updates and a
 * reload show it. A browser that never found a claim's plan is told the claim cannot be shown and
 * is offered the search; the holder of an emailed signed link sees the claim from any browser until
 * the link's time is over, then is told the link has expired. Staff move claims with the command
 * itself (`npm run claim-status`, its own process with the server's DATA_DIR and PUBLIC_URL), and
 * the status link is taken from the submit email the server wrote to DATA_DIR/outbox, in English
 * and in a journey filed in Spanish from start to end.
 */
import { execFile } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { simpleParser } from "mailparser";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimStatusLinkPath } from "../../server/domain/claim-status-links.ts";
import { fileFppClaim } from "../model/claim-status.model.ts";
import { accessibilityViolations, openPortal, type Portal } from "./harness.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const PHOTO = fileURLToPath(new URL("../fixtures/iphone_hdr_YES.jpg", import.meta.url));

let portal: Portal;
beforeAll(async () => {
  // No staff key given: the server and the command share DATA_DIR/staff-key, as under `npm start`.
  portal = await openPortal();
});
afterAll(async () => {
  await portal?.close();
});

/** Today in the browser's zone, as the page writes a date in `language` ('November 26th, 2026', '26 de noviembre de 2026'). */
async function todayIn(page: Page, language: "en" | "es"): Promise<string> {
  const { year, month, day } = await page.evaluate((locale) => {
    const now = new Date();
    return {
      year: now.getFullYear(),
      month: new Intl.DateTimeFormat(locale, { month: "long" }).format(now),
      day: now.getDate(),
    };
  }, language);
  if (language === "es") return `${day} de ${month} de ${year}`;
  const suffix =
    day % 10 === 1 && day !== 11
      ? "st"
      : day % 10 === 2 && day !== 12
        ? "nd"
        : day % 10 === 3 && day !== 13
          ? "rd"
          : "th";
  return `${month} ${day}${suffix}, ${year}`;
}

/** The current step of the timeline: its name, its mark on screen and the day it was reached. */
async function currentStep(page: Page): Promise<{ name: string; mark: string; day: string }> {
  const step = page.getByRole("list", { name: /Progress|Progreso/ }).locator("li[aria-current=step]");
  await step.waitFor();
  const [name, mark, day] = await Promise.all([
    step.locator(".claim-step-name").innerText(),
    step.locator(".badge").innerText(),
    step.locator("time").innerText(),
  ]);
  return { name, mark, day };
}

/**
 * Staff move claim `code` to `step` with `npm run claim-status -- <code> <step>`, run as its own
 * process against this file's server (its DATA_DIR, for the staff key, and PUBLIC_URL); fails
 * unless the command says the claim moved.
 */
async function staffMove(code: string, step: string): Promise<void> {
  const { stdout } = await promisify(execFile)("npm", ["run", "--silent", "claim-status", "--", code, step], {
    cwd: ROOT,
    // The key comes from the server's DATA_DIR, never from a STAFF_KEY the shell exports.
    env: { ...process.env, STAFF_KEY: "", DATA_DIR: portal.server.config.dataDir, PUBLIC_URL: portal.server.url },
    timeout: 120_000,
  });
  expect(stdout).toContain(`${code} is now ${step}`);
}

/**
 * The status link of the email with `subject` (`We received your claim CL-…`), read as a mail
 * client does (mailparser) from the .eml the server's mail worker writes to DATA_DIR/outbox once it
 * has sent it (SMTP_URL unset); waits for the worker.
 */
async function emailedStatusLink(subject: string): Promise<string> {
  const folder = join(portal.server.config.dataDir, "outbox");
  const find = async (): Promise<string | null> => {
    const names = (await readdir(folder).catch(() => [] as string[])).filter((name) => name.endsWith(".eml"));
    for (const name of names) {
      const mail = await simpleParser(await readFile(join(folder, name)));
      if (mail.subject === subject)
        return (
          /https?:\/\/[^\s"<>\])]+\/claim-status\?[^\s"<>\])]+/.exec(mail.text ?? "")?.[0] ??
          "no status link in its text"
        );
    }
    return null;
  };
  await expect
    .poll(find, { timeout: 60_000, interval: 200, message: `an email '${subject}' in ${folder}` })
    .not.toBeNull();
  const link = (await find())!;
  // Built from PUBLIC_URL (here the server's own address), so it opens without a search.
  expect(link.startsWith(`${portal.server.url}/claim-status?`), link).toBe(true);
  return link;
}

/** The id of the demo claim in progress on W-P55-IP0001: it exists, but no new browser has found its plan. */
async function claimInProgress(): Promise<number> {
  const [claim] = await portal.server.db.query<{ id: number }>(
    "SELECT c.id FROM claims c JOIN plans p ON p.id = c.plan_id WHERE p.number = 'W-P55-IP0001'",
  );
  return claim!.id;
}

/** True when nothing of the page reaches past the window's width (no sideways scrolling). */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe("the claim-status page after Submit", () => {
  it(
    "shows the claim just filed with 'Submitted' dated today as the current step, in English and in Spanish; the staff command moves it and the English email's link shows it in a new browser",
    { timeout: 300_000 },
    async () => {
      const { page } = portal;
      // The day as it was before the claim was filed, and again after: a run across midnight takes either.
      const daysEn = [await todayIn(page, "en")];
      const claimId = await fileFppClaim(page);

      await page.getByRole("link", { name: "View Claim Status" }).click();
      await page.waitForURL(
        (url) => url.pathname === "/claim-status" && url.searchParams.get("code") === `CL-${claimId}`,
      );
      await page.getByRole("heading", { level: 1, name: "Your claim status" }).waitFor();
      await page.getByText(`CL-${claimId}`, { exact: true }).waitFor();
      const current = await currentStep(page);
      daysEn.push(await todayIn(page, "en"));
      expect(current).toEqual({ name: "Submitted", mark: "Current step", day: expect.toBeOneOf(daysEn) });
      expect(await page.getByRole("list", { name: "Progress" }).getByRole("listitem").allInnerTexts()).toHaveLength(5);
      await page.getByRole("heading", { level: 2, name: "What happens next" }).waitFor();
      await page.getByText("portrait_6.jpg", { exact: true }).waitFor();
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
      await page
        .getByRole("list", { name: "Progreso" })
        .locator("li[aria-current=step]", { hasText: "En revisión" })
        .waitFor();
      await page.reload();
      const moved = await currentStep(page);
      expect(moved).toEqual({
        name: "En revisión",
        mark: "Paso actual",
        day: expect.toBeOneOf([...daysEs, await todayIn(page, "es")]),
      });

      // The submit email, in English as the claim was filed: its link opens the status in a browser that never searched.
      const link = await emailedStatusLink(`We received your claim CL-${claimId}`);
      const laptop = await portal.newContext();
      try {
        const other = await laptop.newPage();
        await other.goto(link);
        await other.getByRole("heading", { level: 1, name: "Your claim status" }).waitFor({ timeout: 60_000 });
        await other.getByText(`CL-${claimId}`, { exact: true }).waitFor();
        expect(await currentStep(other)).toEqual({
          name: "In review",
          mark: "Current step",
          day: expect.toBeOneOf([...daysEn, await todayIn(other, "en")]),
        });
      } finally {
        await laptop.close();
      }
    },
  );

  it(
    "in Spanish from start to end: filed, 'Enviado' today, moved by the staff command, and opened from the Spanish email in a new browser",
    { timeout: 300_000 },
    async () => {
      // Carlos Rivera's plan: Jane's has a claim in progress after the first journey.
      const phone = await portal.newContext("es-ES");
      const laptop = await portal.newContext("es-ES");
      try {
        const page = await phone.newPage();
        const heading = (name: string) => page.getByRole("heading", { level: 1, name });
        const next = page.getByRole("button", { name: "Siguiente", exact: true });
        await page.goto("/find-claim/select-search-method");
        await page.getByLabel("Tengo mi número de garantía").check();
        await page.getByRole("button", { name: "Buscar" }).click();
        await page.getByRole("textbox", { name: "Número de garantía" }).fill("W-K77-AB1020");
        await page.getByRole("button", { name: "Enviar", exact: true }).click();
        await heading("Seleccione su plan").waitFor();
        await page.getByRole("radio", { checked: true }).waitFor();
        await page.getByRole("button", { name: "Enviar", exact: true }).click();
        await heading("Seleccione los artículos dañados de su plan").waitFor();
        await page.getByRole("checkbox").first().check();
        await next.click();
        await heading("Confirme o actualice los datos del artículo").waitFor();
        for (const label of ["Fabricante", "Material", "Color"])
          await page.getByLabel(label).selectOption({ index: 1 });
        await next.click();
        await heading("Informe el daño").waitFor();
        const main = page.getByRole("main");
        await main.getByLabel(/Fotos y documentos de/).setInputFiles(PHOTO);
        await main
          .getByRole("list", { name: "Archivos subidos" })
          .getByText("iphone_hdr_YES.jpg")
          .waitFor({ timeout: 60_000 });
        for (const label of [
          "Tipo de daño",
          "Daño específico",
          "Área del daño",
          "¿Cómo ocurrió?",
          "¿Tomó alguna medida para solucionarlo?",
        ]) {
          await main.getByLabel(label).selectOption({ index: 1 });
        }
        await main.getByLabel("¿Cuándo notó el daño?").fill("02/11/2026");
        await main.getByLabel("Nota").fill("Se derramó café en el asiento.");
        await next.click();
        await heading("Revise los detalles del reclamo").waitFor();
        const days = [await todayIn(page, "es")];
        await page.getByRole("button", { name: "Enviar", exact: true }).click();
        await heading("Gracias por enviar su reclamo").waitFor({ timeout: 60_000 });
        const claimId = Number(new URL(page.url()).searchParams.get("claimId"));

        await page.getByRole("link", { name: "Ver el estado del reclamo" }).click();
        await page.waitForURL(
          (url) => url.pathname === "/claim-status" && url.searchParams.get("code") === `CL-${claimId}`,
        );
        await heading("El estado de su reclamo").waitFor();
        await page.getByText(`CL-${claimId}`, { exact: true }).waitFor();
        const submitted = await currentStep(page);
        days.push(await todayIn(page, "es"));
        expect(submitted).toEqual({ name: "Enviado", mark: "Paso actual", day: expect.toBeOneOf(days) });

        // Staff move it with the command; a reload shows the next step.
        await staffMove(`CL-${claimId}`, "in_review");
        await page.reload();
        await heading("El estado de su reclamo").waitFor();
        days.push(await todayIn(page, "es"));
        expect(await currentStep(page)).toEqual({
          name: "En revisión",
          mark: "Paso actual",
          day: expect.toBeOneOf(days),
        });

        // The submit email is in Spanish; its link opens the status in another browser that never searched.
        const link = await emailedStatusLink(`Recibimos su reclamo CL-${claimId}`);
        const other = await laptop.newPage();
        await other.goto(link);
        await other.getByRole("heading", { level: 1, name: "El estado de su reclamo" }).waitFor({ timeout: 60_000 });
        await other.getByText(`CL-${claimId}`, { exact: true }).waitFor();
        expect((await currentStep(other)).name).toBe("En revisión");
      } finally {
        await Promise.all([phone.close(), laptop.close()]);
      }
    },
  );

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
