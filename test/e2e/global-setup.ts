/**
 * Builds the portal once for the browser journeys, into a folder of its own, exactly as
 * `npm start` serves it (same-origin API under /api/v1), and launches the one Chromium every
 * journey file joins (harness.ts): a launch per file cost 0.3-0.5 s of CPU, joining costs 0.15 s.
 */
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { build } from "vite";
import { launchChromiumServer } from "../../scripts/chromium.ts";

declare module "vitest" {
  export interface ProvidedContext {
    portalDir: string;
    /** Where the files' `chromium.connect` reaches the run's browser (loopback). */
    chromiumEndpoint: string;
  }
}

export default async function setup(project: TestProject) {
  const portalDir = await mkdtemp(join(tmpdir(), "claims-portal-e2e-"));
  // Vitest runs with NODE_ENV=test, under which Vite builds with import.meta.env.DEV true: a
  // development build. The journeys test what `npm start` serves, a production build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await build({ logLevel: "warn", mode: "production", build: { outDir: portalDir, emptyOutDir: true } });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  // Live inspection is for development only (src/inspect.ts): no chunk of the build may carry it.
  const chunks = (await readdir(join(portalDir, "assets"))).filter((file) => file.endsWith(".js"));
  const carrying: string[] = [];
  for (const chunk of chunks) if (/stately\.ai\/inspect|xstateinspector/.test(await readFile(join(portalDir, "assets", chunk), "utf8"))) carrying.push(chunk);
  if (carrying.length) throw new Error(`The production build contains @statelyai/inspect (${carrying.join(", ")}): guard it with import.meta.env.DEV in src/inspect.ts`);
  const browser = await launchChromiumServer().catch(async (error: unknown) => {
    await rm(portalDir, { recursive: true, force: true });
    throw error;
  });
  project.provide("portalDir", portalDir);
  project.provide("chromiumEndpoint", browser.wsEndpoint());
  return async () => {
    await browser.close();
    await rm(portalDir, { recursive: true, force: true });
  };
}
