/**
 * The project's Chromium, launched one way for the browser tests, the chart renderer and the
 * screenshots. Found in this order: CHROMIUM_PATH; the system's (Debian's `chromium` package);
 * else the Chromium that `@sparticuz/chromium` carries inside its registry package (Linux x64), so
 * a fresh machine needs nothing beyond `npm ci`.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser } from "playwright-core";

/** Flags for a closed network: without the background ones Chromium floods it with refused calls. */
export const CLOSED_NETWORK_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const CHROMIUM_ARGS = ["--headless", ...CLOSED_NETWORK_FLAGS];

const SYSTEM_CHROMIUMS = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];

/** A Chromium to launch: its binary and what its process needs in its environment. */
export interface ChromiumBinary {
  path: string;
  /** Added to the launched process's environment (fonts and libraries of the packaged build). */
  env: Record<string, string>;
  source: "CHROMIUM_PATH" | "system" | "npm package";
}

/**
 * Finds the Chromium to use. The packaged one is unpacked once (about 2 s) into
 * node_modules/.cache, through a private folder renamed into place, so parallel callers never
 * launch a half-written binary.
 * @throws when none is found and the package cannot be unpacked (not Linux x64), naming the fixes
 */
export async function findChromium(): Promise<ChromiumBinary> {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (!existsSync(configured)) throw new Error(`CHROMIUM_PATH=${configured} does not exist.`);
    return { path: configured, env: {}, source: "CHROMIUM_PATH" };
  }
  const system = SYSTEM_CHROMIUMS.find((path) => existsSync(path));
  if (system) return { path: system, env: {}, source: "system" };
  try {
    return await packagedChromium();
  } catch (error) {
    throw new Error(
      `No Chromium found (tried CHROMIUM_PATH, ${SYSTEM_CHROMIUMS.join(", ")}, @sparticuz/chromium: ${(error as Error).message}). ` +
        "Run npm ci, apt-get install chromium, or set CHROMIUM_PATH.",
      { cause: error },
    );
  }
}

/** Unpacks @sparticuz/chromium's binary, fonts and libraries once per installed version. */
async function packagedChromium(): Promise<ChromiumBinary> {
  if (process.platform !== "linux" || process.arch !== "x64")
    throw new Error(`it runs on Linux x64 only, not ${process.platform} ${process.arch}`);
  // The package exports only its code: its folder is two levels above build/index.js.
  const packageDir = dirname(dirname(createRequire(import.meta.url).resolve("@sparticuz/chromium")));
  const { version } = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as { version: string };
  const projectRoot = join(dirname(fileURLToPath(import.meta.url)), "..");
  const folder = join(projectRoot, "node_modules", ".cache", `sparticuz-chromium-${version}`);
  if (!existsSync(join(folder, "chromium"))) await unpack(packageDir, folder);
  const path = join(folder, "chromium");
  // Lambda's libraries (NSS, expat) serve only a system that lacks its own: they must not shadow Debian's.
  const needsLibraries = execFileSync("ldd", [path], { encoding: "utf8" }).includes("not found");
  return {
    path,
    env: {
      FONTCONFIG_PATH: join(folder, "fonts"),
      ...(needsLibraries && { LD_LIBRARY_PATH: join(folder, "al2023", "lib") }),
    },
    source: "npm package",
  };
}

/**
 * The package unpacks into os.tmpdir(); pointing TMPDIR at a private folder for the call keeps
 * each caller's files apart until the atomic rename. A caller that loses the race drops its copy.
 */
async function unpack(packageDir: string, folder: string): Promise<void> {
  await mkdir(dirname(folder), { recursive: true });
  const staging = await mkdtemp(`${folder}.staging-`);
  const savedTmpdir = process.env.TMPDIR;
  process.env.TMPDIR = staging;
  try {
    const { default: Chromium, inflate } = await import("@sparticuz/chromium");
    await Chromium.executablePath(join(packageDir, "bin"));
    await inflate(join(packageDir, "bin", "al2023.tar.br"));
  } finally {
    if (savedTmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = savedTmpdir;
  }
  // The package's fonts.conf names Lambda's folders; ours names where the fonts now are, and the
  // system's fonts too, so pages render the same text with or without them.
  await writeFile(
    join(staging, "fonts", "fonts.conf"),
    `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n  <dir>${join(folder, "fonts", "fonts")}</dir>\n  <dir>/usr/share/fonts</dir>\n  <cachedir>${join(folder, "fonts-cache")}</cachedir>\n</fontconfig>\n`,
  );
  await rename(staging, folder).catch(async (error: NodeJS.ErrnoException) => {
    await rm(staging, { recursive: true, force: true });
    if (!existsSync(join(folder, "chromium"))) throw error;
  });
}

/** A headless Chromium with the closed-network flags; the caller closes it. */
export async function launchChromium(): Promise<Browser> {
  const binary = await findChromium();
  return chromium.launch({
    executablePath: binary.path,
    args: CHROMIUM_ARGS,
    ...(Object.keys(binary.env).length > 0 && { env: { ...process.env, ...binary.env } }),
  });
}
