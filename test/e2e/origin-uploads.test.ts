/**
 * The portal opened at an address other than PUBLIC_URL uploads as well, in Chromium: here at
 * http://127.0.0.1:<port> while PUBLIC_URL says http://localhost:<port> (as by IP, from the LAN,
 * or at www instead of the apex). The page's CSP lets it reach its own origin only, so the signed
 * upload URL must lead there: a photo picked on step 4 of an FPP claim goes up and is listed.
 */
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openDamageStep } from "../model/screen.ts";
import { openPortal, type Portal } from "./harness.ts";

const PHOTO = fileURLToPath(new URL("../fixtures/portrait_6.jpg", import.meta.url));

let portal: Portal;
beforeAll(async () => {
  portal = await openPortal();
  // The server reads its settings live: PUBLIC_URL names this same server by another host name.
  portal.server.config.publicUrl = `http://localhost:${portal.server.port}`;
});
afterAll(async () => {
  await portal?.close();
});

it("a photo picked on step 4 uploads at 127.0.0.1 while PUBLIC_URL names localhost", async () => {
  const { page } = portal;
  const pageOrigin = portal.server.url;
  expect(new URL(pageOrigin).hostname).toBe("127.0.0.1");
  const puts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "PUT") puts.push(request.url());
  });

  await openDamageStep(page, "W-E34-WS4566", "Sofa");
  expect(new URL(page.url()).origin).toBe(pageOrigin);
  await page.getByLabel("Photos and documents of the Sofa").setInputFiles(PHOTO);
  await page.getByRole("list", { name: "Uploaded files" }).getByText("portrait_6.jpg").waitFor({ timeout: 30_000 });
  await page.getByText("files uploaded sucessfully").waitFor();
  expect(puts.length).toBeGreaterThan(0);
  expect(puts.map((url) => new URL(url).origin)).toEqual(puts.map(() => pageOrigin));
  const claimId = Number(new URL(page.url()).searchParams.get("claimId"));
  expect(await portal.server.db.query("SELECT file_name FROM documents WHERE claim_id = $1", [claimId])).toHaveLength(
    1,
  );
}, 60_000);
