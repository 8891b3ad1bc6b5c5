/**
 * The whole FPP claim wizard in Chromium at phone size, on Jane Doe's plan W-E34-WS4566 (Sofa,
 * Loveseat, Recliner returned, Dining Table fully replaced, Ottoman): adding a missing line item,
 * two items with several files and damages, going back, unchecking a saved item, a reload on step 4,
 * and the submitted claim as the database holds it; the URL rules and browser history of the wizard;
 * and the upload area with real files (a damaged JPEG refused, a HEIC stored as JPEG, deleting a document).
 *
 * One portal for the file. The tests run in this order on purpose: each starts its own claim on
 * the plan (deleting the previous draft through the 'Continue Draft Claim' dialog), and the full
 * journey comes last because it submits its claim, after which the plan has a claim in progress
 * and no new claim can be started on it.
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Locator, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessibilityViolations, fetchInSession, openPortal, type Portal } from "./harness.ts";

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
const PDF = fixture("shared-mime-info-spec.pdf");
const JPEG = fixture("iphone_hdr_YES.jpg");
const HEIC = fixture("iphone_13_pro_max.HEIC");
const CORRUPTED_JPEG = fixture("corrupted.jpg");
const PLAN_NUMBER = "W-E34-WS4566";

const TITLES = {
  2: "Select damaged items under your plan",
  3: "Confirm/Update Item Details",
  4: "Report your damage",
  5: "Review claim details",
} as const;

interface Damage {
  type: string;
  specific: string;
  area: string;
  /** As typed, DD/MM/YYYY. */
  date: string;
  how: string;
  remedy: string;
  note: string;
}

let portal: Portal;
let page: Page;
let tempDir: string;
/** Uncaught errors in the page, per test (the harness also fails the file on any at the end). */
let pageErrors: string[] = [];

beforeAll(async () => {
  portal = await openPortal();
  page = portal.page;
  page.on("pageerror", (error) => pageErrors.push(error.message));
  tempDir = await mkdtemp(join(tmpdir(), "fpp-wizard-complete-"));
});
afterAll(async () => {
  await portal?.close();
  if (tempDir) await rm(tempDir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------
// Helpers

const stepUrl = (step: number) => new RegExp(`[?&]step=${step}(&|$)`);

/** Waits until step `step` shows its title and the URL says so. */
async function atStep(step: 2 | 3 | 4 | 5) {
  await page.getByRole("heading", { level: 1, name: TITLES[step] }).waitFor();
  await page.waitForURL(stepUrl(step));
}

const nextButton = () => page.getByRole("button", { name: "Next", exact: true });
const backButton = () => page.getByRole("button", { name: "Back", exact: true });

/** Finds W-E34-WS4566 by number and starts a claim; deletes an earlier draft when asked. */
async function startClaim(): Promise<{ claimId: number; planId: number }> {
  await page.goto("/find-claim/select-search-method");
  await page.getByLabel("I have my warranty number").check();
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("textbox", { name: "Warranty number" }).fill(PLAN_NUMBER);
  await page.getByRole("button", { name: "Submit" }).click();
  await page.getByRole("heading", { name: "Select your Plan" }).waitFor();
  await page.getByRole("radio", { checked: true }).waitFor();
  await page.getByRole("button", { name: "Submit" }).click();
  const step2 = page.getByRole("heading", { level: 1, name: TITLES[2] });
  const draftDialog = page.getByRole("dialog", { name: "Continue Draft Claim" });
  await step2.or(draftDialog).first().waitFor();
  if (await draftDialog.isVisible()) {
    await draftDialog.getByRole("button", { name: "Delete Draft & File New Claim" }).click();
  }
  await atStep(2);
  const url = new URL(page.url());
  return { claimId: Number(url.searchParams.get("claimId")), planId: Number(url.searchParams.get("warranty_id")) };
}

/** Records the API calls the page makes from now on, as "METHOD /path". */
function recordApiCalls(): { calls: string[]; writes: () => string[]; stop: () => void } {
  const calls: string[] = [];
  const listener = (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/")) calls.push(`${request.method()} ${url.pathname}`);
  };
  page.on("request", listener);
  return {
    calls,
    writes: () => calls.filter((call) => !call.startsWith("GET ")),
    stop: () => page.off("request", listener),
  };
}

/** The text of the option a select shows. */
const chosen = (select: Locator) =>
  select.evaluate((element) => (element as HTMLSelectElement).selectedOptions[0]?.textContent ?? "");

/** The error message tied to a control by aria-describedby, or null. */
const errorOf = (control: Locator) =>
  control.evaluate((element) => {
    const id = element.getAttribute("aria-describedby");
    return id ? (document.getElementById(id)?.textContent ?? null) : null;
  });

const damageFields = (block: Locator) => ({
  type: block.getByRole("combobox", { name: "Damage Type" }),
  specific: block.getByRole("combobox", { name: "Specific Damage" }),
  area: block.getByRole("combobox", { name: "Damage Area" }),
  date: block.getByRole("textbox", { name: "When did you notice the damage" }),
  how: block.getByRole("combobox", { name: "How did it happen" }),
  remedy: block.getByRole("combobox", { name: "Did you take any steps to remedy?" }),
  note: block.getByRole("textbox", { name: "Note" }),
});

async function fillDamage(block: Locator, damage: Damage) {
  const fields = damageFields(block);
  await fields.type.selectOption({ label: damage.type });
  await fields.specific.selectOption({ label: damage.specific });
  await fields.area.selectOption({ label: damage.area });
  await fields.date.fill(damage.date);
  await fields.how.selectOption({ label: damage.how });
  await fields.remedy.selectOption({ label: damage.remedy });
  await fields.note.fill(damage.note);
}

/** What a damage block shows, in the shape of `Damage`, and whether its controls are read-only. */
async function readDamage(block: Locator): Promise<Damage & { readOnly: boolean }> {
  const fields = damageFields(block);
  const controls = Object.values(fields);
  const disabled = await Promise.all(controls.map((control) => control.isDisabled()));
  return {
    type: await chosen(fields.type),
    specific: await chosen(fields.specific),
    area: await chosen(fields.area),
    date: await fields.date.inputValue(),
    how: await chosen(fields.how),
    remedy: await chosen(fields.remedy),
    note: await fields.note.inputValue(),
    readOnly: disabled.every(Boolean),
  };
}

/** Damage block N of an item on step 4 (its legend reads 'Damage N', then maybe its Delete). */
const damageBlock = (item: Locator, n: number) => item.getByRole("group", { name: new RegExp(`^Damage ${n}\\b`) });
const damageBlocks = (item: Locator) => item.getByRole("group", { name: /^Damage \d+/ });

/** The item cards of step 4 or of the review, by item type. */
const itemCard = (name: string) => page.getByRole("region", { name, exact: true });

/** Names of the files an item card lists as uploaded. */
async function listedFiles(item: Locator): Promise<string[]> {
  const list = item.getByRole("list", { name: "Uploaded files" });
  if ((await list.count()) === 0) return [];
  return list
    .getByRole("listitem")
    .evaluateAll((rows) =>
      rows.map((row) => row.querySelector(".document-name")?.textContent ?? row.textContent ?? ""),
    );
}

/** How each uploaded file is pictured: a drawn thumbnail, or the icon text (PDF / IMG). */
async function pictures(item: Locator): Promise<Record<string, string>> {
  const rows = item.getByRole("list", { name: "Uploaded files" }).getByRole("listitem");
  const shown: Record<string, string> = {};
  for (let i = 0; i < (await rows.count()); i++) {
    const row = rows.nth(i);
    await row.scrollIntoViewIfNeeded(); // thumbnails load lazily
    const name = (await row.locator(".document-name").textContent()) ?? "";
    const image = row.locator("img");
    if ((await image.count()) > 0) {
      // Wait until the browser has either drawn it or given up (an error swaps in the icon).
      await expect
        .poll(() => image.evaluate((img) => (img as HTMLImageElement).complete).catch(() => true), { timeout: 10_000 })
        .toBe(true);
    }
    if ((await image.count()) > 0) {
      const width = await image.evaluate((img) => (img as HTMLImageElement).naturalWidth);
      shown[name] = width > 0 ? "thumbnail" : "undrawn image";
    } else {
      shown[name] = `icon ${((await row.locator(".document-icon").textContent()) ?? "").trim()}`;
    }
  }
  return shown;
}

/**
 * Keeps, in the page, the highest value each upload progress bar reached (by its label
 * 'Uploading {name}'): the bars vanish as soon as a batch finishes.
 */
async function watchProgress() {
  await page.evaluate(() => {
    const seen: Record<string, number> = {};
    (window as unknown as { uploadProgress: Record<string, number> }).uploadProgress = seen;
    const note = (node: Node) => {
      if (!(node instanceof Element)) return;
      const bars = node instanceof HTMLProgressElement ? [node] : Array.from(node.querySelectorAll("progress"));
      for (const bar of bars) {
        const name = bar.getAttribute("aria-label") ?? "?";
        seen[name] = Math.max(seen[name] ?? 0, bar.value);
      }
    };
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === "attributes") note(record.target);
        else record.addedNodes.forEach(note);
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["value"] });
  });
}
const progressSeen = () =>
  page.evaluate(() => (window as unknown as { uploadProgress: Record<string, number> }).uploadProgress);

/** An item of the review: its heading, its facts by label (Manufacturer, Files...), its damages. */
type ReviewedItem = { item: string | undefined; damages: Array<Record<string, string | undefined>> } & Record<
  string,
  unknown
>;

/** The review step as a person reads it: per item its facts, per damage its facts. */
async function readReview(): Promise<ReviewedItem[]> {
  return page
    .locator("form")
    .getByRole("region")
    .evaluateAll((sections) =>
      sections.map((section) => {
        const facts = (list: Element | null) => {
          const out: Record<string, string> = {};
          for (const term of Array.from(list?.querySelectorAll(":scope > dt") ?? [])) {
            out[term.textContent?.trim() ?? ""] = term.nextElementSibling?.textContent?.trim() ?? "";
          }
          return out;
        };
        return {
          item: section.querySelector("h2")?.textContent?.trim(),
          ...facts(section.querySelector(":scope > dl")),
          damages: Array.from(section.querySelectorAll("h3")).map((title) => ({
            title: title.textContent?.trim(),
            ...facts(title.nextElementSibling),
          })),
        };
      }),
    );
}

/** Where a stored document is served publicly, and where it lies on disk. */
function storedFile(claimId: number, fileName: string) {
  return {
    url: `${portal.server.url}/storage/claims_documentation/CL-${claimId}/photos-consumer/${encodeURIComponent(fileName)}`,
    path: join(
      portal.server.config.dataDir,
      "storage",
      "claims_documentation",
      `CL-${claimId}`,
      "photos-consumer",
      fileName,
    ),
  };
}

async function claimItemsOf(claimId: number) {
  return portal.server.db.query<{ id: number; type: string }>(
    `SELECT ci.id, t.name AS type FROM claim_items ci JOIN plan_items pi ON pi.id = ci.plan_item_id
       JOIN lookup_values t ON t.id = pi.type_id WHERE ci.claim_id = $1 ORDER BY ci.seq`,
    [claimId],
  );
}

async function documentsOf(claimId: number) {
  return portal.server.db.query<{ id: number; claim_item_id: number; file_name: string; content_type: string }>(
    "SELECT id, claim_item_id, file_name, content_type FROM documents WHERE claim_id = $1 ORDER BY seq",
    [claimId],
  );
}

/** Ticks the Sofa on step 2 and goes to step 4 with the plan's own details. */
async function sofaToStep4() {
  await page.getByRole("checkbox", { name: /^Sofa/ }).check();
  await nextButton().click();
  await atStep(3);
  await nextButton().click();
  await atStep(4);
}

// ---------------------------------------------------------------------------------------------

describe("the FPP claim wizard, complete", () => {
  it("navigation and recovery on a Draft claim: bad steps, unknown claim, back and forward, an empty step 4", async () => {
    pageErrors = [];
    const { claimId, planId } = await startClaim();
    const wizard = (step: string | number, claim = claimId) =>
      `/find-claim/create-claim?step=${step}&claimId=${claim}&warranty_id=${planId}`;

    // Steps 2 and 3 with details of our own.
    await page.getByRole("checkbox", { name: /^Sofa/ }).check();
    await nextButton().click();
    await atStep(3);
    const sofaDetails = page.getByRole("group", { name: "Sofa" });
    await sofaDetails.getByRole("combobox", { name: "Manufacturer" }).selectOption({ label: "Stanley" });
    await sofaDetails.getByRole("combobox", { name: "Material" }).selectOption({ label: "Wood" });
    await sofaDetails.getByRole("combobox", { name: "Color" }).selectOption({ label: "Black" });
    await nextButton().click();
    await atStep(4);

    // Next with nothing filled: every message, and nothing is sent.
    const sofa = itemCard("Sofa");
    await sofa.waitFor();
    const api = recordApiCalls();
    expect(await nextButton().isDisabled()).toBe(false); // always enabled on step 4
    await nextButton().click();
    await sofa.getByText("We need at least one photo from you").waitFor();
    const block = damageBlock(sofa, 1);
    const fields = damageFields(block);
    expect({
      photos: await sofa.getByLabel(/Photos and documents of the Sofa/).getAttribute("aria-invalid"),
      type: await errorOf(fields.type),
      specific: await errorOf(fields.specific),
      area: await errorOf(fields.area),
      date: await errorOf(fields.date),
      how: await errorOf(fields.how),
      remedy: await errorOf(fields.remedy),
      note: await errorOf(fields.note),
    }).toEqual({
      photos: "true",
      type: "Please select an option",
      specific: "Please select an option",
      area: "Please select an option",
      date: "Please select a date",
      how: "Please select an option",
      remedy: "Please select an option",
      note: "Required",
    });
    // The person is taken to the first thing to fix: the photo picker.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-invalid"))).toBe("true");
    expect(
      await sofa.getByLabel(/Photos and documents of the Sofa/).evaluate((input) => input === document.activeElement),
    ).toBe(true);
    await page.waitForTimeout(500);
    api.stop();
    expect(api.writes()).toEqual([]);
    expect(new URL(page.url()).searchParams.get("step")).toBe("4");
    await page.getByRole("heading", { level: 1, name: TITLES[4] }).waitFor();

    // Part of a damage typed, then back and forward through the browser's history.
    await fields.type.selectOption({ label: "Tear" });
    await fields.note.fill("Torn seam on the left arm.");
    await page.goBack();
    await atStep(3);
    expect({
      manufacturer: await chosen(sofaDetails.getByRole("combobox", { name: "Manufacturer" })),
      material: await chosen(sofaDetails.getByRole("combobox", { name: "Material" })),
      color: await chosen(sofaDetails.getByRole("combobox", { name: "Color" })),
    }).toEqual({ manufacturer: "Stanley", material: "Wood", color: "Black" });
    await page.goBack();
    await atStep(2);
    expect(await page.getByRole("checkbox", { name: /^Sofa/ }).isChecked()).toBe(true);
    expect(await page.getByRole("checkbox", { name: /^Loveseat/ }).isChecked()).toBe(false);
    expect(await page.getByRole("checkbox", { checked: true }).count()).toBe(1);
    await page.goForward();
    await atStep(3);
    expect(await chosen(sofaDetails.getByRole("combobox", { name: "Manufacturer" }))).toBe("Stanley");
    expect(await chosen(sofaDetails.getByRole("combobox", { name: "Material" }))).toBe("Wood");
    expect(await chosen(sofaDetails.getByRole("combobox", { name: "Color" }))).toBe("Black");
    await page.goForward();
    await atStep(4);
    expect(await chosen(damageFields(damageBlock(sofa, 1)).type)).toBe("Tear");
    expect(await damageFields(damageBlock(sofa, 1)).note.inputValue()).toBe("Torn seam on the left arm.");
    expect(await sofa.getByRole("definition").allTextContents()).toEqual(
      expect.arrayContaining(["Stanley", "Wood", "Black"]),
    );

    // A step that is no number, or too high, shows step 2; the URL is corrected in place.
    for (const bad of ["abc", "9"]) {
      const entries = await page.evaluate(() => history.length);
      await page.goto(wizard(bad));
      await atStep(2);
      expect(new URL(page.url()).searchParams.get("step")).toBe("2");
      expect(await page.evaluate(() => history.length)).toBe(entries + 1); // one entry for the link, none for the fix
      expect(await page.getByRole("checkbox", { name: /^Sofa/ }).isChecked()).toBe(true); // the saved item
    }

    // Step 1 is the plan choice.
    await page.goto(wizard(1));
    await page.getByRole("heading", { name: "Select your Plan" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/find-claim/select-plan");

    // A claim that does not exist.
    await page.goto(wizard(2, 999_999));
    await page.getByRole("heading", { name: "Claim not found" }).waitFor();

    expect(pageErrors).toEqual([]);
  });

  it("uploads in the real browser: a damaged JPEG refused with a toast, a HEIC stored as JPEG, deleting a document", async () => {
    pageErrors = [];
    const { claimId } = await startClaim();
    await sofaToStep4();
    const sofa = itemCard("Sofa");
    const picker = sofa.getByLabel(/Photos and documents of the Sofa/);

    // A damaged JPEG: refused before anything is sent, with the toast at the bottom centre.
    const api = recordApiCalls();
    await picker.setInputFiles(CORRUPTED_JPEG);
    const toast = page.getByText("File corrupted.jpg is damaged and cannot be opened. Please choose another photo.", {
      exact: true,
    });
    await toast.waitFor();
    // Once it has slid in: inside the screen, in its lower part, centred.
    const viewport = page.viewportSize()!;
    const placement = async () => {
      const box = (await toast.boundingBox())!;
      return {
        onScreen: box.y >= 0 && box.y + box.height <= viewport.height,
        lowerPart: box.y > viewport.height * 0.75,
        centred: Math.abs(box.x + box.width / 2 - viewport.width / 2) < 20,
      };
    };
    await expect.poll(placement, { timeout: 3_000 }).toEqual({ onScreen: true, lowerPart: true, centred: true });
    expect(await picker.evaluate((input) => (input as HTMLInputElement).files?.length)).toBe(0); // the input is cleared
    await page.waitForTimeout(500);
    api.stop();
    expect(api.calls.filter((call) => /file-upload-url|uploads|insert_linked/.test(call))).toEqual([]);
    expect(await listedFiles(sofa)).toEqual([]);
    expect(await documentsOf(claimId)).toEqual([]);
    expect(existsSync(join(portal.server.config.dataDir, "storage", "claims_documentation", `CL-${claimId}`))).toBe(
      false,
    );

    // An iPhone's HEIC goes up as a JPEG, and is listed under its .jpg name.
    const uploading = recordApiCalls();
    await picker.setInputFiles(HEIC);
    const uploaded = sofa.getByRole("list", { name: "Uploaded files" }).getByText("iphone_13_pro_max.jpg");
    await uploaded.waitFor();
    expect(await page.getByText("file not uploaded.").count()).toBe(0);
    uploading.stop();
    // The same recorder that saw nothing for the damaged JPEG sees this upload's calls.
    expect(uploading.calls).toEqual([
      "GET /api/v1/file-upload-url",
      expect.stringMatching(new RegExp(`^PUT /api/v1/uploads/${claimId}/[a-z0-9]+-iphone_13_pro_max\\.jpg$`)),
      "POST /api/v1/insert_linked_and_embedded_files",
    ]);
    const [converted] = await documentsOf(claimId);
    expect(converted).toMatchObject({
      content_type: "image/jpeg",
      file_name: expect.stringMatching(/-iphone_13_pro_max\.jpg$/),
    });
    expect((await pictures(sofa))["iphone_13_pro_max.jpg"]).toBe("thumbnail");
    expect(pageErrors).toEqual([]);

    // A good photo beside it, then the converted one deleted.
    await picker.setInputFiles(JPEG);
    await sofa.getByRole("list", { name: "Uploaded files" }).getByText("iphone_hdr_YES.jpg").waitFor();
    expect(await listedFiles(sofa)).toEqual(["iphone_13_pro_max.jpg", "iphone_hdr_YES.jpg"]);
    await sofa.getByRole("button", { name: "Delete iphone_13_pro_max.jpg" }).click();
    await page.getByText("file deleted sucessfully").waitFor();
    await uploaded.waitFor({ state: "detached" });
    expect(await listedFiles(sofa)).toEqual(["iphone_hdr_YES.jpg"]);
    expect((await documentsOf(claimId)).map((document) => document.file_name)).toEqual([
      expect.stringMatching(/-iphone_hdr_YES\.jpg$/),
    ]);
    const gone = storedFile(claimId, converted!.file_name);
    expect((await fetchInSession(portal.context, gone.url)).status).toBe(404);
    expect(existsSync(gone.path)).toBe(false);

    // The page still works: a damage, Next, and the review lists the remaining photo.
    await fillDamage(damageBlock(sofa, 1), {
      type: "Scratch",
      specific: "Surface scratch",
      area: "Frame",
      date: "01/11/2026",
      how: "Normal use",
      remedy: "None",
      note: "Scratch along the base.",
    });
    await nextButton().click();
    await atStep(5);
    expect((await readReview()).map((item) => [item.item, item.Files])).toEqual([["Sofa", "iphone_hdr_YES.jpg"]]);
    expect(pageErrors).toEqual([]);
  });

  it("the whole claim journey: a missing item, two items with files and damages, back, uncheck, reload, submit", async () => {
    pageErrors = [];
    const violations: Record<string, string[]> = {};
    const scan = async (screen: string) => {
      const found = await accessibilityViolations(page);
      if (found.length) violations[screen] = found;
    };
    const { claimId, planId } = await startClaim();

    // ---- The missing line item.
    await page.getByRole("link", { name: "+ Add Missing Item" }).click();
    await page.getByRole("heading", { name: "Missing Line Item." }).waitFor();
    const missingUrl = new URL(page.url());
    expect(missingUrl.pathname).toBe("/find-claim/add-warrnty-item");
    expect(Object.fromEntries(missingUrl.searchParams)).toEqual({
      step: "1",
      warranty_id: String(planId),
      claimId: String(claimId),
    });
    await page.getByRole("combobox", { name: "Item type" }).waitFor();
    await scan("missing line item");
    await page.getByRole("combobox", { name: "Item type" }).selectOption({ label: "Chair" });
    await page.getByRole("combobox", { name: "Manufacturer" }).selectOption({ label: "Klaussner" });
    await page.getByRole("textbox", { name: "Vendor" }).fill("Klaussner Home Furnishings");
    await page.getByRole("combobox", { name: "Material" }).selectOption({ label: "Velvet" });
    await page.getByRole("combobox", { name: "Color" }).selectOption({ label: "Green" });
    await page.getByRole("textbox", { name: "SKU" }).fill("KLA-CHR-4242");
    await page.getByRole("textbox", { name: "Model" }).fill("K-4242");
    await page.getByRole("textbox", { name: "Price" }).fill("349.99");
    await page.getByRole("spinbutton", { name: "Quantity" }).fill("2");
    await page
      .getByRole("textbox", { name: "Description" })
      .fill("Pair of velvet accent chairs, bought with the sofa.");
    await page.getByRole("button", { name: "Submit" }).click();
    const added = page.getByRole("dialog", { name: "Plan item added successfully" });
    await added.getByText("Thank you for submitting your Plan Item.").waitFor();
    await scan("missing line item, success dialog");
    await added.getByRole("button", { name: "Back to Claim" }).click();
    await atStep(2);
    expect(new URL(page.url()).searchParams.get("claimId")).toBe(String(claimId));
    const chair = page.getByRole("checkbox", { name: /^Chair/ });
    await chair.waitFor();
    expect(await chair.isDisabled()).toBe(false);

    // ---- Step 2: the Sofa and the Loveseat.
    await page.getByRole("checkbox", { name: /^Sofa/ }).check();
    await page.getByRole("checkbox", { name: /^Loveseat/ }).check();
    await nextButton().click();

    // ---- Step 3: details of both.
    await atStep(3);
    const details = { Sofa: ["La-Z-Boy", "Fabric", "Beige"], Loveseat: ["Rowe", "Velvet", "Green"] } as const;
    for (const [item, [manufacturer, material, color]] of Object.entries(details)) {
      const group = page.getByRole("group", { name: item, exact: true });
      await group.getByRole("combobox", { name: "Manufacturer" }).selectOption({ label: manufacturer });
      await group.getByRole("combobox", { name: "Material" }).selectOption({ label: material });
      await group.getByRole("combobox", { name: "Color" }).selectOption({ label: color });
    }
    await nextButton().click();

    // ---- Step 4: files and damages.
    await atStep(4);
    const sofa = itemCard("Sofa");
    const loveseat = itemCard("Loveseat");
    await sofa.waitFor();
    await loveseat.waitFor();
    const png = join(tempDir, "sofa-armrest.png");
    const pngBytes = await page.screenshot();
    expect(pngBytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
    await writeFile(png, pngBytes);

    await watchProgress();
    // One after the other, so the list's order is known (files picked together upload in parallel
    // and are listed as they finish: test/e2e/uploads.test.ts).
    await sofa.getByLabel(/Photos and documents of the Sofa/).setInputFiles(png);
    await expect.poll(() => listedFiles(sofa), { timeout: 30_000 }).toEqual(["sofa-armrest.png"]);
    await sofa.getByLabel(/Photos and documents of the Sofa/).setInputFiles(PDF);
    await expect
      .poll(() => listedFiles(sofa), { timeout: 30_000 })
      .toEqual(["sofa-armrest.png", "shared-mime-info-spec.pdf"]);
    await page.getByText("files uploaded sucessfully").first().waitFor();
    await loveseat.getByLabel(/Photos and documents of the Loveseat/).setInputFiles(JPEG);
    await expect.poll(() => listedFiles(loveseat), { timeout: 30_000 }).toEqual(["iphone_hdr_YES.jpg"]);
    expect(await progressSeen()).toEqual({
      "Uploading sofa-armrest.png": 1,
      "Uploading shared-mime-info-spec.pdf": 1,
      "Uploading iphone_hdr_YES.jpg": 1,
    });
    expect(await page.locator("progress").count()).toBe(0); // the bars are gone once done
    expect(await pictures(sofa)).toEqual({ "sofa-armrest.png": "thumbnail", "shared-mime-info-spec.pdf": "icon PDF" });
    expect(await pictures(loveseat)).toEqual({ "iphone_hdr_YES.jpg": "thumbnail" });

    const sofaDamage1: Damage = {
      type: "Tear",
      specific: "Cut or puncture",
      area: "Arm",
      date: "02/11/2026",
      how: "Pet damage",
      remedy: "None",
      note: "The cat clawed through the fabric of the left arm.",
    };
    const sofaDamage2: Damage = {
      type: "Stain",
      specific: "Food or beverage stain",
      area: "Seat cushion",
      date: "15/10/2026",
      how: "Accidental spill",
      remedy: "Blotted with a cloth",
      note: "Coffee spilled on the middle seat cushion.",
    };
    const loveseatDamage: Damage = {
      type: "Scratch",
      specific: "Surface scratch",
      area: "Frame",
      date: "20/11/2026",
      how: "Moving/transport",
      remedy: "None",
      note: "Frame scratched when the loveseat was moved.",
    };
    await fillDamage(damageBlock(sofa, 1), sofaDamage1);
    await fillDamage(damageBlock(loveseat, 1), loveseatDamage);
    await sofa.getByRole("button", { name: "+ Add Damage" }).click();
    await fillDamage(damageBlock(sofa, 2), sofaDamage2);
    await sofa.getByRole("button", { name: "+ Add Damage" }).click();
    await damageFields(damageBlock(sofa, 3)).type.selectOption({ label: "Burn" });
    await damageFields(damageBlock(sofa, 3)).note.fill("Not a real damage: deleted before saving.");
    expect(await damageBlocks(sofa).count()).toBe(3);
    // The first block cannot be deleted; an unsaved one is deleted without a call.
    expect(
      await damageBlock(sofa, 1)
        .getByRole("button", { name: /Delete damage/ })
        .count(),
    ).toBe(0);
    const deleting = recordApiCalls();
    await sofa.getByRole("button", { name: "Delete damage 3" }).click();
    await damageBlock(sofa, 3).waitFor({ state: "detached" });
    await page.waitForTimeout(300);
    deleting.stop();
    expect(deleting.calls).toEqual([]);
    expect(await damageBlocks(sofa).count()).toBe(2);
    expect(await readDamage(damageBlock(sofa, 2))).toEqual({ ...sofaDamage2, readOnly: false });
    await nextButton().click();

    // ---- Step 5: both items.
    await atStep(5);
    const firstReview = await readReview();
    expect(firstReview.map((item) => [item.item, item.Files, item.damages.length])).toEqual([
      ["Sofa", "sofa-armrest.png, shared-mime-info-spec.pdf", 2],
      ["Loveseat", "iphone_hdr_YES.jpg", 1],
    ]);

    // ---- Back to 4, 3 and 2; uncheck the saved Loveseat.
    await backButton().click();
    await atStep(4);
    expect(await readDamage(damageBlock(sofa, 1))).toEqual({ ...sofaDamage1, readOnly: true });
    await backButton().click();
    await atStep(3);
    await backButton().click();
    await atStep(2);
    const [loveseatItem] = (await claimItemsOf(claimId)).filter((item) => item.type === "Loveseat");
    expect(loveseatItem).toBeDefined();
    const loveseatFiles = (await documentsOf(claimId)).filter(
      (document) => document.claim_item_id === loveseatItem!.id,
    );
    expect(loveseatFiles).toHaveLength(1);
    expect(
      await portal.server.db.query("SELECT id FROM damages WHERE claim_item_id = $1", [loveseatItem!.id]),
    ).toHaveLength(1);
    const loveseatStored = storedFile(claimId, loveseatFiles[0]!.file_name);
    expect((await fetchInSession(portal.context, loveseatStored.url)).status).toBe(200);

    const loveseatBox = page.getByRole("checkbox", { name: /^Loveseat/ });
    await loveseatBox.click();
    await expect
      .poll(async () => [await loveseatBox.isChecked(), await loveseatBox.isDisabled()], { timeout: 10_000 })
      .toEqual([false, false]);
    expect(await page.getByRole("checkbox", { name: /^Sofa/ }).isChecked()).toBe(true);
    expect((await claimItemsOf(claimId)).map((item) => item.type)).toEqual(["Sofa"]);
    expect(await portal.server.db.query("SELECT id FROM claim_items WHERE id = $1", [loveseatItem!.id])).toEqual([]);
    expect(await portal.server.db.query("SELECT id FROM damages WHERE claim_item_id = $1", [loveseatItem!.id])).toEqual(
      [],
    );
    expect(
      await portal.server.db.query("SELECT id FROM documents WHERE claim_item_id = $1", [loveseatItem!.id]),
    ).toEqual([]);
    expect((await fetchInSession(portal.context, loveseatStored.url)).status).toBe(404);
    expect(existsSync(loveseatStored.path)).toBe(false);

    // ---- Through 3 and 4 again: only the Sofa.
    await nextButton().click();
    await atStep(3);
    expect(await page.getByRole("group", { name: "Loveseat" }).count()).toBe(0);
    const sofaDetails = page.getByRole("group", { name: "Sofa", exact: true });
    expect([
      await chosen(sofaDetails.getByRole("combobox", { name: "Manufacturer" })),
      await chosen(sofaDetails.getByRole("combobox", { name: "Material" })),
      await chosen(sofaDetails.getByRole("combobox", { name: "Color" })),
    ]).toEqual([...details.Sofa]);
    await nextButton().click();
    await atStep(4);
    await sofa.waitFor();
    expect(await loveseat.count()).toBe(0);

    // ---- A reload on step 4 finds the Sofa with its two files and its two saved damages.
    await page.reload();
    await atStep(4);
    await sofa.waitFor();
    expect(await loveseat.count()).toBe(0);
    // The rows come with the upload area's own chunk when the app draws the step (a page the host
    // did not render, e.g. while it renders two others), a moment after the item.
    await expect.poll(() => listedFiles(sofa)).toEqual(["sofa-armrest.png", "shared-mime-info-spec.pdf"]);
    expect(await damageBlocks(sofa).count()).toBe(2);
    expect(await readDamage(damageBlock(sofa, 1))).toEqual({ ...sofaDamage1, readOnly: true });
    expect(await readDamage(damageBlock(sofa, 2))).toEqual({ ...sofaDamage2, readOnly: true });
    await nextButton().click();

    // ---- Step 5: exactly the Sofa, its 2 damages and 2 files.
    await atStep(5);
    const review = await readReview();
    const damageShown = (title: string, damage: Damage, date: string) => ({
      title,
      "Damage Type": damage.type,
      "Specific Damage": damage.specific,
      "Damage Area": damage.area,
      "When did you notice the damage": date,
      "How did it happen": damage.how,
      "Did you take any steps to remedy?": damage.remedy,
      Note: damage.note,
    });
    expect(review).toEqual([
      {
        item: "Sofa",
        Manufacturer: "La-Z-Boy",
        Material: "Fabric",
        Color: "Beige",
        Vendor: "Ashley Furniture Industries",
        Files: "sofa-armrest.png, shared-mime-info-spec.pdf",
        damages: [
          damageShown("Damage 1", sofaDamage1, "November 2nd, 2026"),
          damageShown("Damage 2", sofaDamage2, "October 15th, 2026"),
        ],
      },
    ]);
    await page.getByRole("button", { name: "Submit" }).click();

    // ---- Submitted.
    await page.getByRole("heading", { name: "Thank you for submitting your claim" }).waitFor();
    await page.waitForURL(stepUrl(6));
    await page.getByText(`CL-${claimId}`).waitFor();

    // ---- The database holds exactly what the review showed.
    const [claim] = await portal.server.db.query<{ status: string }>("SELECT status FROM claims WHERE id = $1", [
      claimId,
    ]);
    expect(claim).toEqual({ status: "Open" });
    const items = await portal.server.db.query<{
      id: number;
      type: string;
      manufacturer: string;
      material: string;
      color: string;
    }>(
      `SELECT ci.id, t.name AS type, m.name AS manufacturer, mt.name AS material, co.name AS color
         FROM claim_items ci JOIN plan_items pi ON pi.id = ci.plan_item_id
         JOIN lookup_values t ON t.id = pi.type_id JOIN lookup_values m ON m.id = ci.manufacturer_id
         JOIN lookup_values mt ON mt.id = ci.material_id JOIN lookup_values co ON co.id = ci.color_id
        WHERE ci.claim_id = $1`,
      [claimId],
    );
    expect(items).toEqual([
      { id: expect.any(Number), type: "Sofa", manufacturer: "La-Z-Boy", material: "Fabric", color: "Beige" },
    ]);
    const damages = await portal.server.db.query(
      `SELECT t.name AS type, sd.name AS specific, a.name AS area, to_char(d.damage_date, 'YYYY-MM-DD') AS date,
              h.name AS how, r.name AS remedy, d.notes AS note
         FROM damages d JOIN lookup_values t ON t.id = d.damage_type_id
         LEFT JOIN lookup_values sd ON sd.id = d.specific_damage_id JOIN lookup_values a ON a.id = d.specific_location_id
         JOIN lookup_values h ON h.id = d.how_did_occur_id JOIN lookup_values r ON r.id = d.action_taken_id
        WHERE d.claim_item_id = $1 ORDER BY d.seq`,
      [items[0]!.id],
    );
    const stored = (damage: Damage, date: string) => ({
      type: damage.type,
      specific: damage.specific,
      area: damage.area,
      date,
      how: damage.how,
      remedy: damage.remedy,
      note: damage.note,
    });
    expect(damages).toEqual([stored(sofaDamage1, "2026-11-02"), stored(sofaDamage2, "2026-10-15")]);
    const documents = await documentsOf(claimId);
    expect(
      documents.map((document) => [
        document.claim_item_id,
        document.content_type,
        document.file_name.replace(/^[a-z0-9]+-/, ""),
      ]),
    ).toEqual([
      [items[0]!.id, "image/png", "sofa-armrest.png"],
      [items[0]!.id, "application/pdf", "shared-mime-info-spec.pdf"],
    ]);

    const manual = await portal.server.db.query(
      `SELECT t.name AS type, m.name AS manufacturer, mt.name AS material, co.name AS color, pi.vendor, pi.sku,
              pi.model_number, pi.price::text AS price, pi.quantity, pi.description
         FROM plan_items pi JOIN lookup_values t ON t.id = pi.type_id JOIN lookup_values m ON m.id = pi.manufacturer_id
         JOIN lookup_values mt ON mt.id = pi.material_id JOIN lookup_values co ON co.id = pi.color_id
        WHERE pi.plan_id = $1 AND pi.item_origin = 'MANUAL'`,
      [planId],
    );
    expect(manual).toEqual([
      {
        type: "Chair",
        manufacturer: "Klaussner",
        material: "Velvet",
        color: "Green",
        vendor: "Klaussner Home Furnishings",
        sku: "KLA-CHR-4242",
        model_number: "K-4242",
        price: "349.99",
        quantity: 2,
        description: "Pair of velvet accent chairs, bought with the sofa.",
      },
    ]);

    expect(violations).toEqual({});
    expect(pageErrors).toEqual([]);
  });
});
