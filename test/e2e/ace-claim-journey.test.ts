/**
 * The ACE wizard as Maria Lopez files it on a phone (A-300-100200: 3 items with model numbers,
 * damage options per model): confirm contact details, tick the sofa and the recliner, see each
 * item's own damage areas, upload a photo and a PDF, submit, and find it all on the server.
 */
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessibilityViolations, fetchInSession, openPortal, type Portal } from "./harness.ts";

const PHOTO = fileURLToPath(new URL("../fixtures/iphone_hdr_YES.jpg", import.meta.url));
const PDF = fileURLToPath(new URL("../fixtures/shared-mime-info-spec.pdf", import.meta.url));

describe("filing an ACE claim end to end", () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await openPortal();
  });
  afterAll(async () => {
    await portal?.close();
  });

  it("files a claim on two items with their own damage options", async () => {
    const { page, server } = portal;
    const violations: Record<string, string[]> = {};
    const scan = async (screen: string) => {
      const found = await accessibilityViolations(page);
      if (found.length) violations[screen] = found;
    };
    // The reads only the wizard's load makes: the create-ace-claim route starts them, the wizard
    // takes them, and no step change asks again.
    const loadCalls: string[] = [];
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (request.method() === "GET" && /^\/api\/v1\/ace\/(plan|customer_info)\//.test(path))
        loadCalls.push(path.split("/")[4]!);
    });
    await page.goto("/find-claim/warranty-number");
    await page.getByRole("textbox", { name: "Warranty number" }).fill("A-300-100200");
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByRole("radio", { name: /A-300-100200/ }).waitFor();
    await page.getByRole("button", { name: "Submit" }).click();

    // Step 2: contact details prefilled from the customer; an edit is saved on Next. Found by
    // warranty number only, the email, phone and street address on file are masked: fields empty.
    await page.getByRole("heading", { name: "Verify your contact information" }).waitFor();
    expect(await page.getByRole("textbox", { name: "Email" }).inputValue()).toBe("");
    expect(await page.getByRole("textbox", { name: "Email" }).getAttribute("placeholder")).toBe("m•••@example.com");
    expect(await page.getByRole("textbox", { name: "Phone" }).getAttribute("placeholder")).toBe("•••-0142");
    expect(await page.getByRole("textbox", { name: "First name" }).inputValue()).toBe("Maria");
    await scan("step 2");
    await page.getByRole("textbox", { name: "Phone" }).fill("832 555 0199");
    // Once the consumer changes something, the step says they are updating it (SPEC.md section 2).
    await page.getByRole("heading", { level: 1, name: "Update your contact information" }).waitFor();
    await page.getByRole("textbox", { name: "ZIP code" }).fill("7700");
    await page.getByRole("textbox", { name: "ZIP code" }).blur();
    await page.getByText("Enter a 5-digit ZIP code").waitFor();
    expect(await page.getByRole("button", { name: "Next" }).isDisabled()).toBe(true);
    await page.getByRole("textbox", { name: "ZIP code" }).fill("77002");
    await page.getByRole("button", { name: "Next" }).click();

    // Step 3: items and their details on one step.
    await page.getByRole("heading", { name: "Select damaged items under your plan" }).waitFor();
    await page.waitForURL(/[?&]step=3(&|$)/);
    await page.getByRole("checkbox", { name: /Sofa/ }).check();
    await page.getByRole("checkbox", { name: /Recliner/ }).check();
    await scan("step 3");
    expect(await page.getByLabel("Manufacturer").count()).toBe(2); // prefilled from each plan item
    await page.getByRole("button", { name: "Next" }).click();

    // Step 4: each item offers its own model's damage areas; no specific damage in ACE.
    await page.getByRole("heading", { name: "Report your damage" }).waitFor();
    const sofa = page.getByRole("region", { name: "Sofa" });
    const recliner = page.getByRole("region", { name: "Recliner" });
    const areasOf = async (region: typeof sofa) =>
      (await region.getByLabel("Damage Area").locator("option").allTextContents()).slice(1);
    expect(await areasOf(sofa)).toEqual(["Seat cushion", "Back cushion", "Left arm", "Right arm"]);
    expect(await areasOf(recliner)).toEqual(["Footrest", "Seat", "Backrest", "Reclining handle"]);
    expect(await page.getByLabel("Specific Damage").count()).toBe(0);

    await sofa.getByLabel(/Photos and documents of the Sofa/).setInputFiles(PHOTO);
    await sofa.getByRole("list", { name: "Uploaded files" }).getByText("iphone_hdr_YES.jpg").waitFor();
    await recliner.getByLabel(/Photos and documents of the Recliner/).setInputFiles(PDF);
    await recliner.getByRole("list", { name: "Uploaded files" }).getByText("shared-mime-info-spec.pdf").waitFor();

    const fill = async (region: typeof sofa, damage: { type: string; area: string; note: string }) => {
      await region.getByLabel("Damage Type").selectOption({ label: damage.type });
      await region.getByLabel("Damage Area").selectOption({ label: damage.area });
      await region.getByLabel("When did you notice the damage").fill("30/10/2026");
      await region.getByLabel("How did it happen").selectOption({ index: 1 });
      await region.getByLabel("Did you take any steps to remedy?").selectOption({ label: "None" });
      await region.getByLabel("Note").fill(damage.note);
    };
    await fill(sofa, { type: "Stain", area: "Seat cushion", note: "Coffee stain on the middle seat." });
    await fill(recliner, { type: "Mechanism failure", area: "Footrest", note: "The footrest no longer extends." });
    await scan("step 4");
    await page.getByRole("button", { name: "Next" }).click();

    await page.getByRole("heading", { name: "Review claim details" }).waitFor();
    await page.getByText("The footrest no longer extends.").waitFor();
    await scan("step 5");
    await page.getByRole("button", { name: "Submit" }).click();

    await page.getByRole("heading", { name: "Thank you for submitting your claim." }).waitFor();
    const claimId = Number(new URL(page.url()).searchParams.get("claimId"));
    await page.getByText(`CL-${claimId}`).waitFor();
    await scan("confirmation");
    expect(violations).toEqual({});
    expect(loadCalls.sort()).toEqual(["customer_info", "plan"]);

    const [claim] = await server.db.query<{
      status: string;
      phone: string;
      email: string;
      address: string;
      typed_phone: string | null;
      typed_email: string | null;
    }>(
      `SELECT c.status, cu.phone, cu.email, cu.address, cc.phone AS typed_phone, cc.email AS typed_email
       FROM claims c JOIN customers cu ON cu.id = c.customer_id LEFT JOIN claim_contacts cc ON cc.claim_id = c.id WHERE c.id = $1`,
      [claimId],
    );
    // Found by warranty number alone, the phone typed is kept for this claim, never on file; the
    // email and address left masked were kept.
    expect(claim).toEqual({
      status: "Open",
      phone: "7135550142",
      email: "maria.lopez@example.com",
      address: "1200 Main St",
      typed_phone: "8325550199",
      typed_email: null,
    });
    const damages = await server.db.query<{ item: string; type: string; area: string; specific: number | null }>(
      `SELECT t.name AS item, dt.name AS type, a.name AS area, d.specific_damage_id AS specific FROM damages d
         JOIN claim_items ci ON ci.id = d.claim_item_id JOIN plan_items pi ON pi.id = ci.plan_item_id
         JOIN lookup_values t ON t.id = pi.type_id JOIN lookup_values dt ON dt.id = d.damage_type_id
         JOIN lookup_values a ON a.id = d.specific_location_id WHERE ci.claim_id = $1 ORDER BY t.name`,
      [claimId],
    );
    expect(damages).toEqual([
      { item: "Recliner", type: "Mechanism failure", area: "Footrest", specific: null },
      { item: "Sofa", type: "Stain", area: "Seat cushion", specific: null },
    ]);
    const [pdf] = await server.db.query<{ file_name: string }>(
      "SELECT file_name FROM documents WHERE claim_id = $1 AND content_type = 'application/pdf'",
      [claimId],
    );
    const stored = await fetchInSession(
      portal.context,
      `${server.url}/storage/ace/claims_documentation/CL-${claimId}/photos-consumer/${encodeURIComponent(pdf!.file_name)}`,
    );
    expect(Buffer.from(await stored.arrayBuffer()).equals(await readFile(PDF))).toBe(true);
  });
});
