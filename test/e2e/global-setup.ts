/**
 * Builds the portal once for the browser journeys, into a folder of its own, exactly as
 * `npm start` serves it (same-origin API under /api/v1).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { build } from "vite";

declare module "vitest" {
  export interface ProvidedContext {
    portalDir: string;
  }
}

export default async function setup(project: TestProject) {
  const portalDir = await mkdtemp(join(tmpdir(), "claims-portal-e2e-"));
  await build({ logLevel: "warn", build: { outDir: portalDir, emptyOutDir: true } });
  project.provide("portalDir", portalDir);
  return () => rm(portalDir, { recursive: true, force: true });
}
