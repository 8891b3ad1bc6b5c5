/**
 * 'Email me a link to finish later' in Chromium at phone size, in English and in Spanish: a
 * consumer starts an FPP claim, ticks the sofa, confirms its details on step 3 and, without
 * pressing Next, asks for the link; the email the server writes to its outbox (DATA_DIR/outbox,
 * SMTP_URL unset) holds it; opened in a new browser that never searched, it lands on step 3 with
 * the sofa and its details there, and the claim is finished and submitted from it. A link altered
 * on the way opens nothing and says so, in the visitor's language, with the way to the plan search.
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { simpleParser } from "mailparser";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessibilityViolations, openPortal, type Portal } from "./harness.ts";

const PHOTO = fileURLToPath(new URL("../fixtures/iphone_hdr_YES.jpg", import.meta.url));

/** The words of the journey in each language (the portal's catalogs). */
const WORDS = {
  en: {
    locale: "en-US",
    search: "Search",
    warrantyOption: "I have my warranty number",
    warrantyNumber: "Warranty number",
    submit: "Submit",
    selectPlan: "Select your Plan",
    next: "Next",
    offer: "Email me a link to finish later",
    send: "Send",
    sent: "Link sent to",
    step2: "Select damaged items under your plan",
    step3: "Confirm/Update Item Details",
    step4: "Report your damage",
    step5: "Review claim details",
    thanks: "Thank you for submitting your claim",
    manufacturer: "Manufacturer",
    material: "Material",
    color: "Color",
    damage: {
      type: "Damage Type",
      specific: "Specific Damage",
      area: "Damage Area",
      when: "When did you notice the damage",
      how: "How did it happen",
      remedy: "Did you take any steps to remedy?",
      note: "Note",
    },
    photos: /Photos and documents of the/,
    uploaded: "Uploaded files",
    altered: "This link cannot be opened",
    findPlan: "Find your plan",
  },
  es: {
    locale: "es-ES",
    search: "Buscar",
    warrantyOption: "Tengo mi número de garantía",
    warrantyNumber: "Número de garantía",
    submit: "Enviar",
    selectPlan: "Seleccione su plan",
    next: "Siguiente",
    offer: "Recibir un enlace por correo para terminar después",
    send: "Enviar enlace",
    sent: "Enlace enviado a",
    step2: "Seleccione los artículos dañados de su plan",
    step3: "Confirme o actualice los datos del artículo",
    step4: "Informe el daño",
    step5: "Revise los detalles del reclamo",
    thanks: "Gracias por enviar su reclamo",
    manufacturer: "Fabricante",
    material: "Material",
    color: "Color",
    damage: {
      type: "Tipo de daño",
      specific: "Daño específico",
      area: "Área del daño",
      when: "¿Cuándo notó el daño?",
      how: "¿Cómo ocurrió?",
      remedy: "¿Tomó alguna medida para solucionarlo?",
      note: "Nota",
    },
    photos: /Fotos y documentos de/,
    uploaded: "Archivos subidos",
    altered: "No se puede abrir este enlace",
    findPlan: "Buscar su plan",
  },
} as const;
type Words = (typeof WORDS)[keyof typeof WORDS];

/** Each language files on a plan of its own: a submitted claim leaves its plan with a claim in progress. */
const JOURNEYS = [
  { language: "en", words: WORDS.en, plan: "W-E34-WS4566", email: "jane.doe@example.com", masked: "j•••@example.com" },
  {
    language: "es",
    words: WORDS.es,
    plan: "W-K77-AB1020",
    email: "carlos.rivera@example.com",
    masked: "c•••@example.com",
  },
] as const;

let portal: Portal;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  portal = await openPortal();
}, 300_000);
afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await portal?.close();
});

/** A new phone-sized browser in a language, with its own cookies: another device. */
async function newDevice(words: Words): Promise<Page> {
  const context = await portal.newContext(words.locale);
  contexts.push(context);
  return context.newPage();
}

const heading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name });

/** Finds the plan by warranty number and starts a claim on it: step 2. */
async function startClaim(page: Page, words: Words, plan: string): Promise<void> {
  await page.goto("/find-claim/select-search-method");
  await page.getByLabel(words.warrantyOption).check();
  await page.getByRole("button", { name: words.search }).click();
  await page.getByRole("textbox", { name: words.warrantyNumber }).fill(plan);
  await page.getByRole("button", { name: words.submit }).click();
  await heading(page, words.selectPlan).waitFor();
  await page.getByRole("radio", { checked: true }).waitFor();
  await page.getByRole("button", { name: words.submit }).click();
  await heading(page, words.step2).waitFor();
}

/** The finish-later emails in the outbox so far, as their files' names. */
async function outboxFiles(): Promise<string[]> {
  const folder = join(portal.server.config.dataDir, "outbox");
  return (await readdir(folder).catch(() => [] as string[])).filter((name) => name.endsWith(".eml")).sort();
}

/** The link of the first finish-later email to `to` the outbox gets after `before`, waiting for the worker to write it. */
async function linkFromOutbox(before: string[], to: string): Promise<string> {
  const folder = join(portal.server.config.dataDir, "outbox");
  for (let tries = 0; tries < 600; tries++) {
    for (const name of (await outboxFiles()).filter((file) => !before.includes(file))) {
      const mail = await simpleParser(await readFile(join(folder, name)));
      const link = /https?:\/\/\S+\/find-claim\/\d+\?\S*claim_id=\d+\S*/.exec(mail.text ?? "")?.[0];
      if (mail.to && JSON.stringify(mail.to).includes(to) && link) return link.replace(/[)\].,>]+$/, "");
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no finish-later email to ${to} in the outbox`);
}

describe("'Email me a link to finish later'", () => {
  for (const journey of JOURNEYS) {
    const { words } = journey;
    it(
      `(${journey.language}) a claim left at step 3 is finished from the emailed link in a new browser`,
      { timeout: 300_000 },
      async () => {
        const phone = await newDevice(words);
        // The dialog's code is fetched on the first press, not with the wizard's steps.
        const scripts: string[] = [];
        phone.on("request", (request) => {
          if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
        });
        const dialogCode = () => scripts.filter((path) => path.includes("/FinishLaterDialog-"));
        await startClaim(phone, words, journey.plan);
        // The plan's first item (Jane's sofa, Carlos's sectional).
        await phone.getByRole("checkbox").first().check();
        await phone.getByRole("button", { name: words.next, exact: true }).click();
        await heading(phone, words.step3).waitFor();
        // Other details than the plan's: the second entry of each list, by the id the server keeps.
        const choose = async (label: string) => (await phone.getByLabel(label).selectOption({ index: 2 }))[0]!;
        const chosen = {
          manufacturer: await choose(words.manufacturer),
          material: await choose(words.material),
          color: await choose(words.color),
        };

        // Not Next: the link is asked for with the details typed on this step only.
        const before = await outboxFiles();
        expect(dialogCode(), "the dialog's code before the press").toEqual([]);
        await phone.getByRole("button", { name: words.offer }).click();
        const dialog = phone.getByRole("dialog");
        await dialog.getByText(journey.masked).waitFor();
        expect(dialogCode(), "the dialog's code after the press").toHaveLength(1);
        await dialog.getByRole("button", { name: words.send, exact: true }).click();
        await dialog.getByText(`${words.sent} ${journey.masked}`).waitFor({ timeout: 60_000 });
        expect(await accessibilityViolations(phone), "the dialog with its answer").toEqual([]);
        const link = await linkFromOutbox(before, journey.email);

        // Another device, which never searched.
        const laptop = await newDevice(words);
        await laptop.goto(link);
        await heading(laptop, words.step3).waitFor({ timeout: 60_000 });
        expect(new URL(laptop.url()).searchParams.get("step")).toBe("3");
        expect(new URL(laptop.url()).pathname).toBe("/find-claim/create-claim");
        const shown = (label: string) => laptop.getByLabel(label).inputValue();
        await expect.poll(() => shown(words.color), { timeout: 30_000 }).toBe(chosen.color);
        expect(await shown(words.manufacturer)).toBe(chosen.manufacturer);
        expect(await shown(words.material)).toBe(chosen.material);

        // Finished there: the damage with a photo, the review, Submit.
        await laptop.getByRole("button", { name: words.next, exact: true }).click();
        await heading(laptop, words.step4).waitFor();
        const region = laptop.getByRole("main");
        await region.getByLabel(words.photos).setInputFiles(PHOTO);
        await region
          .getByRole("list", { name: words.uploaded })
          .getByText("iphone_hdr_YES.jpg")
          .waitFor({ timeout: 60_000 });
        await region.getByLabel(words.damage.type).selectOption({ index: 1 });
        await region.getByLabel(words.damage.specific).selectOption({ index: 1 });
        await region.getByLabel(words.damage.area).selectOption({ index: 1 });
        await region.getByLabel(words.damage.when).fill("02/11/2026");
        await region.getByLabel(words.damage.how).selectOption({ index: 1 });
        await region.getByLabel(words.damage.remedy).selectOption({ index: 1 });
        await region.getByLabel(words.damage.note).fill("Finished on another device.");
        await laptop.getByRole("button", { name: words.next, exact: true }).click();
        await heading(laptop, words.step5).waitFor();
        await laptop.getByRole("button", { name: words.submit, exact: true }).click();
        await heading(laptop, words.thanks).waitFor({ timeout: 60_000 });
        const claimId = Number(new URL(link).searchParams.get("claim_id"));
        await laptop.getByText(`CL-${claimId}`).first().waitFor();
        const rows = await portal.server.db.query<{ status: string; color_id: number }>(
          "SELECT c.status, ci.color_id FROM claims c JOIN claim_items ci ON ci.claim_id = c.id WHERE c.id = $1",
          [claimId],
        );
        expect(rows).toEqual([{ status: "Open", color_id: Number(chosen.color) }]);

        // The same link altered on the way opens nothing, and says so in this language.
        const stranger = await newDevice(words);
        await stranger.goto(link.replace(/step=3/, "step=4"));
        await stranger.getByRole("heading", { name: words.altered }).waitFor();
        await stranger.getByRole("link", { name: words.findPlan }).click();
        await stranger.waitForURL((url) => url.pathname === "/find-claim/select-search-method");
      },
    );
  }
});
