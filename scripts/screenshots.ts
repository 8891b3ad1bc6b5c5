/**
 * `npm run screenshots`: pictures of every main screen, as a consumer sees them on a 375 px phone
 * and a 1280 px desktop, written to docs/screens/<screen>-<width>.png for the README and for
 * reviewers. Builds the portal, starts the reference API on demo data in a temp folder, and walks
 * the screens in the project's Chromium (CHROMIUM_PATH or /usr/bin/chromium).
 */
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { build } from "vite";
import { launchChromium } from "./chromium.ts";

const OUT = fileURLToPath(new URL("../docs/screens/", import.meta.url));
const PHOTO = fileURLToPath(new URL("../test/fixtures/iphone_hdr_YES.jpg", import.meta.url));

/**
 * Each screen: a name, and how to get there from the page the screen before ended on (it ends on
 * the screen); a screen that opens in a tab of its own gives that tab, to be pictured instead.
 */
const SCREENS: Array<[string, (page: Page, pass: number) => Promise<Page | void>]> = [
  ["welcome", async (page) => void (await page.goto("/"))],
  ["select-search-method", async (page) => void (await page.goto("/find-claim/select-search-method"))],
  ["personal-information", async (page) => void (await page.goto("/find-claim/search-by-personal-info"))],
  ["no-warranty-found", async (page) => void (await page.goto("/find-claim/not-found"))],
  [
    "select-plan",
    // Carlos has two active plans: each pass files on its own one (the other has a draft by then).
    async (page, pass) => {
      await page.goto("/find-claim/warranty-number");
      await page.getByRole("textbox", { name: "Warranty number" }).fill(pass === 0 ? "W-K77-AB1020" : "W-K77-AB1021");
      await page.getByRole("button", { name: "Submit" }).click();
      await page.getByRole("heading", { name: "Select your Plan" }).waitFor();
    },
  ],
  [
    "claim-step-2",
    async (page) => {
      await page.getByRole("radio", { name: /W-K77/ }).first().check();
      await page.getByRole("button", { name: "Submit" }).click();
      await page.getByRole("checkbox").first().waitFor();
      await page.getByRole("checkbox").first().check();
    },
  ],
  [
    "claim-step-3",
    async (page) => {
      await page.getByRole("button", { name: "Next" }).click();
      await page.getByRole("heading", { level: 1, name: "Confirm/Update Item Details" }).waitFor();
    },
  ],
  [
    "claim-step-4",
    async (page) => {
      await page.getByRole("button", { name: "Next" }).click();
      await page.getByRole("heading", { level: 1, name: "Report your damage" }).waitFor();
      await page.locator('input[type="file"]').first().setInputFiles(PHOTO);
      await page.getByRole("list", { name: "Uploaded files" }).waitFor();
      // Let the 'files uploaded' toast go (2000 ms), so the picture shows the step.
      await page
        .getByRole("status")
        .filter({ hasText: "files uploaded" })
        .waitFor({ state: "detached", timeout: 10_000 })
        .catch(() => undefined);
    },
  ],
  [
    "finish-later-dialog",
    // On the damage step: 'Email me a link to finish later', sent.
    async (page) => {
      await page.getByRole("button", { name: "Email me a link to finish later" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Send", exact: true }).click();
      await page
        .getByRole("dialog")
        .getByText(/^Link sent to /)
        .waitFor();
    },
  ],
  [
    "claim-review",
    async (page) => {
      // From the finish-later dialog's answer: closed, the damage described, Next.
      await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
      await page.getByRole("dialog").waitFor({ state: "hidden" });
      for (const label of [
        "Damage Type",
        "Specific Damage",
        "Damage Area",
        "How did it happen",
        "Did you take any steps to remedy?",
      ]) {
        await page.getByLabel(label).selectOption({ index: 1 });
      }
      await page.getByLabel("When did you notice the damage").fill("02/11/2026");
      await page.getByLabel("Note").fill("Red wine spilled on the middle seat cushion.");
      await page.getByRole("button", { name: "Next" }).click();
      await page.getByRole("heading", { level: 1, name: "Review claim details" }).waitFor({ timeout: 30_000 });
    },
  ],
  [
    "claim-status",
    async (page) => {
      await page.getByRole("button", { name: "Submit" }).click();
      await page
        .getByRole("heading", { level: 1, name: "Thank you for submitting your claim" })
        .waitFor({ timeout: 30_000 });
      // 'View Claim Status' opens the portal's page in this tab; a deployment's own status site may take a new one.
      const link = page.getByRole("link", { name: "View Claim Status" });
      const newTab = (await link.getAttribute("target")) === "_blank";
      const opened = newTab ? page.context().waitForEvent("page") : Promise.resolve(page);
      await link.click();
      const status = await opened;
      await status.locator("li[aria-current=step]").waitFor({ timeout: 30_000 });
      return status;
    },
  ],
  [
    "contact-service",
    async (page) => void (await page.goto("/contact-service?step=1&id=00000000-demo-4000-8000-screenshots0")),
  ],
];

async function main(): Promise<void> {
  const portalDir = await mkdtemp(join(tmpdir(), "screens-portal-"));
  const dataDir = await mkdtemp(join(tmpdir(), "screens-data-"));
  await build({ logLevel: "warn", build: { outDir: portalDir, emptyOutDir: true } });
  // Imported once the build is done: the server's email templates load React, and loaded before the
  // build (NODE_ENV unset, so its development runtime) it clashes with the production react-dom the
  // build's welcome prerender then loads ('dispatcher.getOwner is not a function').
  const { startServer } = await import("../server/start.ts");
  const server = await startServer({ dataDir, staticDir: portalDir });
  const browser = await launchChromium();
  await mkdir(OUT, { recursive: true });
  try {
    for (const [pass, width] of [375, 1280].entries()) {
      const context = await browser.newContext({
        baseURL: server.url,
        viewport: { width, height: width < 600 ? 812 : 900 },
        locale: "en-US",
        reducedMotion: "reduce",
      });
      const page = await context.newPage();
      for (const [name, reach] of SCREENS) {
        const shown = (await reach(page, pass)) ?? page;
        await shown.getByRole("heading", { level: 1 }).first().waitFor();
        await shown.waitForLoadState("networkidle");
        await shown.screenshot({ path: join(OUT, `${name}-${width}.png`), fullPage: false });
        console.log(`docs/screens/${name}-${width}.png`);
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
    await rm(portalDir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
