/**
 * The two builds the portal benchmark compares: the portal as `npm start` serves it,
 * and a bare React 19 page (scripts/bench/bare-page/) built with the same Vite, as the floor.
 */
import { fileURLToPath } from "node:url";
import { build, type InlineConfig } from "vite";
import { compressedCopies } from "../compressed-copies.ts";

/** Runs a build with NODE_ENV=production, so React's production build is the one bundled. */
async function productionBuild(config: InlineConfig): Promise<void> {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await build({ logLevel: "error", mode: "production", ...config });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}

/** Builds the portal for production into `outDir` (absolute). */
export function buildPortal(outDir: string): Promise<void> {
  return productionBuild({ build: { outDir, emptyOutDir: true } });
}

/**
 * Builds the bare React 19 page into `outDir` (absolute), with none of the portal's settings but
 * the compressed copies, as the two are sent the same way (src/server/portal-files.ts).
 */
export function buildBarePage(outDir: string): Promise<void> {
  return productionBuild({
    configFile: false,
    root: fileURLToPath(new URL("./bare-page/", import.meta.url)),
    plugins: [compressedCopies()],
    build: { outDir, emptyOutDir: true },
  });
}
