/**
 * Builds the portal once for the browser journeys, into a folder of its own, exactly as
 * `npm start` serves it (same-origin API under /api/v1), and finds Chromium once (unpacking the
 * packaged one on a fresh clone, or failing at once when there is none) for every journey file to
 * launch its own (harness.ts).
 *
 * The build runs in a process of its own while the run goes on: files of the other projects do not
 * wait for it (it took some 20 s in CI, both workers idle), and a journey's harness asks
 * `portalBuilt` before it serves the folder: the answer comes when the build is done, or says why
 * it failed.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import type { TestProject } from "vitest/node";
import { findChromium } from "../../scripts/chromium.ts";

declare module "vitest" {
  export interface ProvidedContext {
    portalDir: string;
    /** A loopback URL that answers once the portal is built: 200, or 500 with the build's error. */
    portalBuilt: string;
  }
}

/**
 * `vite build` of the project at `root` into `outDir`, with NODE_ENV=production: under vitest's
 * NODE_ENV=test Vite builds with import.meta.env.DEV true, a development build, and the journeys
 * test what `npm start` serves. A process of its own, so that the variable is never changed in this
 * one, whose environment the test workers inherit.
 * @throws when the build fails (with its output), or a chunk carries the live inspector
 */
async function buildPortal(root: string, outDir: string): Promise<void> {
  const vite = join(dirname(createRequire(import.meta.url).resolve("vite/package.json")), "bin", "vite.js");
  await promisify(execFile)(
    process.execPath,
    [vite, "build", "--mode", "production", "--logLevel", "warn", "--outDir", outDir, "--emptyOutDir"],
    {
      cwd: root,
      env: { ...process.env, NODE_ENV: "production" },
      maxBuffer: 64 * 1024 * 1024,
    },
  ).catch((error: Error & { stdout?: string; stderr?: string }) => {
    throw new Error(`The portal build failed: ${error.message}\n${error.stdout ?? ""}${error.stderr ?? ""}`, {
      cause: error,
    });
  });
  // Live inspection is for development only (src/inspect.ts): no chunk of the build may carry it.
  const chunks = (await readdir(join(outDir, "assets"))).filter((file) => file.endsWith(".js"));
  const carrying: string[] = [];
  for (const chunk of chunks)
    if (/stately\.ai\/inspect|xstateinspector/.test(await readFile(join(outDir, "assets", chunk), "utf8")))
      carrying.push(chunk);
  if (carrying.length)
    throw new Error(
      `The production build contains @statelyai/inspect (${carrying.join(", ")}): guard it with import.meta.env.DEV in src/inspect.ts`,
    );
}

export default async function setup(project: TestProject) {
  const portalDir = await mkdtemp(join(tmpdir(), "claims-portal-e2e-"));
  const built = buildPortal(project.config.root, portalDir);
  built.catch(() => undefined); // answered to every journey that asks, below
  const signal = createServer((_request, response) => {
    built.then(
      () => response.end("built"),
      (error: Error) => {
        response.statusCode = 500;
        response.end(error.message);
      },
    );
  });
  await new Promise<void>((resolve) => signal.listen(0, "127.0.0.1", resolve));
  const cleanUp = async () => {
    signal.close();
    await built.catch(() => undefined); // never remove the folder under a running build
    await rm(portalDir, { recursive: true, force: true });
  };
  await findChromium().catch(async (error: unknown) => {
    await cleanUp();
    throw error;
  });
  project.provide("portalDir", portalDir);
  project.provide("portalBuilt", `http://127.0.0.1:${(signal.address() as AddressInfo).port}/`);
  return cleanUp;
}
