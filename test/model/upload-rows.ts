/**
 * The upload area as the upload tables see it (file-upload.model.ts, upload-item.model.ts): the
 * Sofa's 'Photos and documents' on step 4 of a claim on W-E34-WS4566, the row of a file in 'Files
 * being uploaded', and what the walks hold there: the photo pipeline waits, the first time, for the
 * photo worker's script, and the waits before a retry are timers held by the page's paused clock.
 */
import { fileURLToPath } from "node:url";
import type { BrowserContext, Page } from "playwright-core";
import type { RunningServer } from "../../server/start.ts";
import { deleteClaimsOn } from "./demo-server.ts";
import { damageStepWords, openDamageStep } from "./screen.ts";

const PLAN_NUMBER = "W-E34-WS4566";
export const ITEM = "Sofa";

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));

export const PHOTO_NAME = "portrait_6.jpg";
export const PHOTO = fixture(PHOTO_NAME);
/** An iPhone photo, converted to JPEG before upload: listed as HEIC_AS_JPEG. */
export const HEIC_NAME = "iphone_13_pro_max.HEIC";
export const HEIC = fixture(HEIC_NAME);
export const HEIC_AS_JPEG = "iphone_13_pro_max.jpg";
/** A PNG signature and nothing a decoder can read: refused as damaged once the photo worker tried. */
export const DAMAGED_NAME = "damaged.png";
export const DAMAGED = fixture(DAMAGED_NAME);
/** A file the upload rules refuse by its name. */
export const REFUSED_NAME = "README.md";
export const REFUSED = fixture(REFUSED_NAME);

/**
 * Three PDFs picked with the file a walk follows, before it: they take the three slots (three
 * files upload at once), so the fourth waits. Their upload URLs are never answered (pickBehindFillers).
 */
export const FILLER_NAMES = ["jane-doe-invoice.pdf", "dana-reyes-invoice.pdf", "nora-stone-invoice.pdf"];
const FILLERS = FILLER_NAMES.map((name) => fixture(`invoices/${name}`));

export const uploadAreaSetup = damageStepWords(PLAN_NUMBER, ITEM);
export const openUploadArea = (page: Page) => openDamageStep(page, PLAN_NUMBER, ITEM);

/** Each walk starts a claim on the plan: the next meets it as seeded. */
export const resetPlan = (server: RunningServer) => deleteClaimsOn(server, [PLAN_NUMBER]);

/** The item's picker. */
export const picker = (page: Page) => page.getByLabel(`Photos and documents of the ${ITEM}`);

/** The row of a file in 'Files being uploaded'. */
export const uploadRow = (page: Page, fileName: string) =>
  page.getByRole("list", { name: "Files being uploaded" }).getByRole("listitem").filter({ hasText: fileName });

/** The item's list of documents on the server. */
export const uploaded = (page: Page, fileName: string) =>
  page.getByRole("region", { name: ITEM }).getByRole("list", { name: "Uploaded files" }).getByText(fileName);

/** The script of the photo worker, which the photo pipeline starts on its first photo. */
export const PHOTO_WORKER = /\/assets\/photo-worker-[\w-]+\.js$/;

/**
 * The tester's words for picking the fillers and then `fileName`. A person cannot leave a request
 * unanswered as the walk does; a long latency holds every request instead, which the portal waits
 * out (ky and the PUT's XMLHttpRequest set no timeout, src/api/http.ts, documents.ts).
 */
export const fillersWords = (fileName: string) =>
  `In the developer tools (Network, throttling, "Add…") make a custom profile with a latency of 60000 ms and select it: every request then waits about a minute (the portal has no timeout; keep the profile for the whole path, and leave the 'Still working…' Cancel under the buttons alone). Choose at once \`test/fixtures/invoices/${FILLER_NAMES.join("`, `test/fixtures/invoices/")}\` and \`test/fixtures/${fileName}\`: the rows show about a minute later; the three PDFs then upload for a few minutes, ${fileName} waits.`;

/**
 * Picks the fillers and `file` at once, the fillers' upload URLs held unanswered so they keep
 * their slots, with the page's clock installed first (before the portal loads) and paused once
 * the area is open, so a wait before a retry lasts until a walk runs the clock on.
 */
export async function pickBehindFillers(page: Page, context: BrowserContext, file: string): Promise<void> {
  await page.clock.install();
  await context.route(
    (url) => url.pathname.endsWith("/file-upload-url") && FILLER_NAMES.includes(url.searchParams.get("fileName") ?? ""),
    () => {
      // Never answered: the filler uploads until a walk cancels it.
    },
  );
  await openUploadArea(page);
  // Paused a minute ahead of the page's now: Playwright cannot pause the clock in its past, and a
  // minute is longer than the two calls between reading the time and pausing can take.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 60_000);
  await picker(page).setInputFiles([...FILLERS, file]);
}
