/**
 * The FPP claim journey, as a consumer does it on a phone: find W-E34-WS4566 by warranty number, pick
 * the plan, tick the Sofa, confirm its details, describe one damage, upload a real phone photo,
 * review and submit. Then the database holds the submitted claim with its item, damage and
 * document, and the photo at its public path is the uploaded photo with its location removed and
 * its capture date kept.
 */
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import exifr from "exifr";
import { accessibilityViolations, fetchInSession, openPortal, type Portal } from "./harness.ts";
import { confirmSofaDetails, describeFppDamage } from "./steps.ts";

const PHOTO = fileURLToPath(new URL("../fixtures/iphone_hdr_YES.jpg", import.meta.url));

describe("filing an FPP claim end to end", () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await openPortal();
  });
  afterAll(async () => {
    await portal?.close();
  });

  it("submits a claim with a photo, and the server holds exactly that", async () => {
    const { page, server } = portal;
    // What loads only when used: the upload rows with the first file, the submitted screen with Submit.
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    const loaded = (chunk: string) => scripts.filter((path) => path.includes(`/${chunk}-`)).length;
    // Every screen on the way is scanned with axe as the consumer reaches it.
    const violations: Record<string, string[]> = {};
    const scan = async (screen: string) => {
      const found = await accessibilityViolations(page);
      if (found.length) violations[screen] = found;
    };
    await page.goto("/");
    await page.getByRole("button", { name: "Start" }).waitFor();
    await scan("welcome");
    await page.getByRole("button", { name: "Start" }).click();

    expect(await page.getByRole("button", { name: "Search" }).isDisabled()).toBe(true);
    await scan("select search method");
    await page.getByLabel("I have my warranty number").check();
    await page.getByRole("button", { name: "Search" }).click();

    await page.getByRole("textbox", { name: "Warranty number" }).waitFor();
    await scan("warranty number");
    await page.getByRole("textbox", { name: "Warranty number" }).fill("W-E34-WS4566");
    await page.getByRole("button", { name: "Submit" }).click();

    await page.getByRole("heading", { name: "Select your Plan" }).waitFor();
    const plan = page.getByRole("radio", { name: /Furniture Protection|W-E34-WS4566/ });
    expect(await plan.isChecked()).toBe(true); // the only active plan is preselected
    await scan("select plan");
    await page.getByRole("button", { name: "Submit" }).click();

    await page.getByRole("heading", { name: "Select damaged items under your plan" }).waitFor();
    await page.waitForURL(/[?&]step=2(&|$)/);
    expect(await page.getByRole("checkbox", { name: /Recliner/ }).isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Next" }).isDisabled()).toBe(true);
    await scan("step 2");
    await page.getByRole("checkbox", { name: /Sofa/ }).check();
    await page.getByRole("button", { name: "Next" }).click();

    await page.getByRole("heading", { name: "Confirm/Update Item Details" }).waitFor();
    await scan("step 3");
    await confirmSofaDetails(page);
    await page.getByRole("button", { name: "Next" }).click();

    await page.getByRole("heading", { name: "Report your damage" }).waitFor();
    await page.waitForURL(/[?&]step=4(&|$)/);
    expect(loaded("UploadQueue"), "the upload rows before a file is picked").toBe(0);
    await page.getByLabel(/Photos and documents of the Sofa/).setInputFiles(PHOTO);
    await page.getByRole("list", { name: "Uploaded files" }).getByText("iphone_hdr_YES.jpg").waitFor();
    expect(loaded("UploadQueue"), "the upload rows once a file is picked").toBe(1);

    // A reload resumes the same step from the server's claim: the item and its photo are there.
    await page.reload();
    await page.getByRole("heading", { name: "Report your damage" }).waitFor();
    await page.getByRole("heading", { name: "Sofa" }).waitFor();
    await page.getByRole("list", { name: "Uploaded files" }).getByText("iphone_hdr_YES.jpg").waitFor();
    expect(new URL(page.url()).searchParams.get("step")).toBe("4");

    await scan("step 4");
    // 'Open calendar' opens the browser's own calendar, and Escape closes it.
    const calendar = page.locator('input[type="date"]');
    await page.getByRole("button", { name: "Open calendar" }).click();
    expect(await calendar.evaluate((input) => input.matches(":open"))).toBe(true);
    await page.keyboard.press("Escape");
    expect(await calendar.evaluate((input) => input.matches(":open"))).toBe(false);
    await describeFppDamage(page);
    await page.getByRole("button", { name: "Next" }).click();

    await page.getByRole("heading", { name: "Review claim details" }).waitFor();
    await page.getByText("Red wine spilled on the middle seat cushion.").waitFor();
    await scan("step 5");
    expect(loaded("ClaimSubmitted"), "the submitted screen before Submit").toBe(0);
    await page.getByRole("button", { name: "Submit" }).click();

    await page.getByRole("heading", { name: "Thank you for submitting your claim" }).waitFor();
    expect(loaded("ClaimSubmitted"), "the submitted screen after Submit").toBe(1);
    await page.waitForURL(/[?&]step=6(&|$)/);
    const claimId = Number(new URL(page.url()).searchParams.get("claimId"));
    await page.getByText(`CL-${claimId}`).waitFor();
    await scan("claim submitted");
    expect(violations).toEqual({});

    const [claim] = await server.db.query<{ status: string; plan_number: string }>(
      "SELECT c.status, p.number AS plan_number FROM claims c JOIN plans p ON p.id = c.plan_id WHERE c.id = $1",
      [claimId],
    );
    expect(claim).toEqual({ status: "Open", plan_number: "W-E34-WS4566" });
    const items = await server.db.query<{
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
      { id: expect.any(Number), type: "Sofa", manufacturer: "Ashley", material: "Leather", color: "Brown" },
    ]);
    const damages = await server.db.query<{ type: string; date: string; notes: string }>(
      `SELECT t.name AS type, to_char(d.damage_date, 'YYYY-MM-DD') AS date, d.notes FROM damages d
         JOIN lookup_values t ON t.id = d.damage_type_id WHERE d.claim_item_id = $1`,
      [items[0]!.id],
    );
    expect(damages).toEqual([
      { type: "Stain", date: "2026-11-02", notes: "Red wine spilled on the middle seat cushion." },
    ]);
    const documents = await server.db.query<{ file_name: string }>(
      "SELECT file_name FROM documents WHERE claim_item_id = $1",
      [items[0]!.id],
    );
    expect(documents).toHaveLength(1);

    const stored = await fetchInSession(
      portal.context,
      `${server.url}/storage/claims_documentation/CL-${claimId}/photos-consumer/${encodeURIComponent(documents[0]!.file_name)}`,
    );
    expect(stored.status).toBe(200);
    // The phone photo carries a GPS position; what is stored is a JPEG with its capture date and
    // without the position.
    const storedBytes = Buffer.from(await stored.arrayBuffer());
    const original = await exifr.parse(await readFile(PHOTO), { gps: true, reviveValues: false });
    const kept = await exifr.parse(storedBytes, { gps: true, reviveValues: false });
    expect([storedBytes[0], storedBytes[1]]).toEqual([0xff, 0xd8]);
    expect(original.latitude).toBeTypeOf("number");
    expect(kept.latitude).toBeUndefined();
    expect(kept.DateTimeOriginal).toBe(original.DateTimeOriginal);
  });
});
