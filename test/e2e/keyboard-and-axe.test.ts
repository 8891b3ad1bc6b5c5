/**
 * Without a mouse, and in both languages at both sizes: a keyboard-only consumer files an FPP claim
 * from the welcome screen to the submitted screen (Tab, Space, Enter, arrows and typing only); and
 * axe scans the main screens in English and Spanish at 375 px and at 1280 px, the
 * claim-status page of an emailed link and the finish-later dialog open on a wizard step among them.
 */
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { claimStatusLinkPath } from "../../server/domain/claim-status-links.ts";
import { finishLinkPath } from "../../server/domain/finish-later.ts";
import { accessibilityViolations, openPortal, type Portal } from "./harness.ts";

const PHOTO = fileURLToPath(new URL("../fixtures/iphone_hdr_YES.jpg", import.meta.url));

let portal: Portal;
beforeAll(async () => {
  portal = await openPortal();
});
afterAll(async () => {
  await portal?.close();
});

/** Presses Tab until `target` has focus; fails after `max` presses (it is not reachable by keyboard). */
async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Not reachable with Tab in ${max} presses: ${target}`);
}

describe("keyboard only", () => {
  it("files an FPP claim from the welcome screen to the submitted screen without a mouse", async () => {
    const page = await portal.context.newPage();
    await page.goto("/");
    const heading = (name: string) => page.getByRole("heading", { level: 1, name });
    /**
     * A wizard step has arrived when its title has focus (the frame moves it there after drawing
     * the step): tabbing before that would race the frame's own focus move.
     */
    const arrive = async (name: string) => {
      await heading(name).waitFor();
      await expect.poll(() => heading(name).evaluate((element) => element === document.activeElement)).toBe(true);
    };

    await tabTo(page, page.getByRole("button", { name: "Start" }));
    await page.keyboard.press("Enter");

    await heading("We need to find your warranty").waitFor();
    await tabTo(page, page.getByLabel("I have my warranty number"));
    await page.keyboard.press("Space");
    await tabTo(page, page.getByRole("button", { name: "Search" }));
    await page.keyboard.press("Enter");

    const number = page.getByRole("textbox", { name: "Warranty number" });
    await number.waitFor();
    await tabTo(page, number);
    await page.keyboard.type("W-E34-WS4566");
    await page.keyboard.press("Enter");

    await page.getByRole("heading", { name: "Select your Plan" }).waitFor();
    await tabTo(page, page.getByRole("button", { name: "Submit" }));
    await page.keyboard.press("Enter");

    await arrive("Select damaged items under your plan");
    await tabTo(page, page.getByRole("checkbox", { name: /Sofa/ }));
    await page.keyboard.press("Space");
    expect(await page.getByRole("checkbox", { name: /Sofa/ }).isChecked()).toBe(true);
    await tabTo(page, page.getByRole("button", { name: "Next" }));
    await page.keyboard.press("Enter");

    await arrive("Confirm/Update Item Details");
    await tabTo(page, page.getByRole("button", { name: "Next" }));
    await page.keyboard.press("Enter");

    await arrive("Report your damage");
    const picker = page.getByLabel(/Photos and documents of the Sofa/);
    await tabTo(page, picker);
    // The picker is reached with Tab; the operating system's file dialog it opens is not part of the
    // page (and under load Chromium's headless chooser event is not reliable), so the file is set on
    // the focused picker, as that dialog would.
    expect(await picker.evaluate((element) => element === document.activeElement)).toBe(true);
    await picker.setInputFiles(PHOTO);
    await page.getByRole("list", { name: "Uploaded files" }).getByText("iphone_hdr_YES.jpg").waitFor();
    // A select takes its next option with the down arrow, without opening.
    for (const name of ["Damage Type", "Specific Damage", "Damage Area"]) {
      await tabTo(page, page.getByLabel(name));
      await page.keyboard.press("ArrowDown");
    }
    await tabTo(page, page.getByRole("textbox", { name: /When did you notice the damage/ }));
    await page.keyboard.type("02112026");
    for (const name of ["How did it happen", "Did you take any steps to remedy?"]) {
      await tabTo(page, page.getByLabel(name));
      await page.keyboard.press("ArrowDown");
    }
    await tabTo(page, page.getByLabel("Note"));
    await page.keyboard.type("Coffee spilled on the seat.");
    await tabTo(page, page.getByRole("button", { name: "Next" }));
    await page.keyboard.press("Enter");

    await arrive("Review claim details");
    await tabTo(page, page.getByRole("button", { name: "Submit" }));
    await page.keyboard.press("Enter");
    await heading("Thank you for submitting your claim").waitFor();
    await page.close();
  });
});

/** The emailed status link of the seeded claim in progress (W-P55-IP0001): its page, shown to anyone holding the link. */
async function claimStatusLink(): Promise<string> {
  const [claim] = await portal.server.db.query<{ id: number }>(
    "SELECT c.id FROM claims c JOIN plans p ON p.id = c.plan_id WHERE p.number = 'W-P55-IP0001'",
  );
  return claimStatusLinkPath(portal.server.config.linkSecret!, claim!.id);
}

/** A finish-later link of the seeded draft on W-D12-DR0001: its wizard at step 2, without a search. */
async function finishLaterLink(): Promise<string> {
  const [claim] = await portal.server.db.query<{ id: number; plan_id: number; customer_id: number }>(
    "SELECT c.id, c.plan_id, p.customer_id FROM claims c JOIN plans p ON p.id = c.plan_id WHERE p.number = 'W-D12-DR0001'",
  );
  const expires = Math.floor(Date.now() / 1000) + 600;
  return finishLinkPath(portal.server.config.linkSecret!, {
    planId: claim!.plan_id,
    customerId: claim!.customer_id,
    planType: "FPP",
    claimId: claim!.id,
    step: 2,
    expires,
  });
}

const FINISH_LATER = {
  en: { offer: "Email me a link to finish later", send: "Send" },
  es: { offer: "Recibir un enlace por correo para terminar después", send: "Enviar enlace" },
};

describe("axe in both languages, at both sizes", () => {
  /** Each screen: its name, its path (or how to make it), and what to wait for or do once there. */
  const screens: Array<
    [string, string | (() => Promise<string>), ((page: Page, lng: "en" | "es") => Promise<unknown>)?]
  > = [
    ["welcome", "/"],
    ["select search method", "/find-claim/select-search-method"],
    ["warranty number", "/find-claim/warranty-number"],
    ["personal information", "/find-claim/search-by-personal-info"],
    ["upload invoice", "/find-claim/upload-invoice"],
    ["scan invoice", "/find-claim/scan-upload-invoice"],
    ["no warranty found", "/find-claim/not-found"],
    ["contact service", "/contact-service?step=1&id=7a1e2d3c-4b5a-4c6d-8e7f-9a0b1c2d3e4f"],
    ["invalid link", "/no/such/page"],
    ["claim status", claimStatusLink, (page) => page.locator("li[aria-current=step]").waitFor()],
    [
      "finish-later dialog",
      finishLaterLink,
      async (page, lng) => {
        await page.getByRole("button", { name: FINISH_LATER[lng].offer }).click();
        await page.getByRole("dialog").getByRole("button", { name: FINISH_LATER[lng].send, exact: true }).waitFor();
      },
    ],
  ];

  // Each screen is loaded once per language and scanned at both widths: the layout follows the width
  // through CSS alone (no script reads it), so a resized page is the page loaded at that width.
  it.each(["en", "es"] as const)("%s at 375 px and at 1280 px: no violations on the main screens", async (lng) => {
    const page = await portal.context.newPage();
    const found: Record<string, string[]> = {};
    for (const [name, to, ready] of screens) {
      const path = typeof to === "string" ? to : await to();
      await page.setViewportSize({ width: 375, height: 900 });
      await page.goto(`${path}${path.includes("?") ? "&" : "?"}lng=${lng}`);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      await ready?.(page, lng);
      expect(await page.evaluate(() => document.documentElement.lang), name).toBe(lng);
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        const violations = await accessibilityViolations(page);
        if (violations.length) found[`${name} at ${width} px`] = violations;
      }
    }
    expect(found).toEqual({});
    await page.close();
  });
});
