/**
 * What a page makes a phone download: the gzip bytes of every script the page loads
 * until the network is idle, in a fresh browser context (nothing cached), counted from the built
 * files on disk. Also the gzip size of each built script.
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser, BrowserContextOptions } from "playwright-core";

/** Gzip bytes of every .js file under `dir`/assets, by file name. */
export async function scriptSizes(dir: string): Promise<Map<string, number>> {
  const assets = join(dir, "assets");
  const names = (await readdir(assets)).filter((name) => name.endsWith(".js"));
  return new Map(
    await Promise.all(names.map(async (name) => [name, gzipSync(await readFile(join(assets, name))).length] as const)),
  );
}

/** The scripts a page loads (file names) and their gzip total, in bytes. */
export interface PageScripts {
  files: string[];
  gzipBytes: number;
}

/**
 * Opens `url` in a new context and collects the scripts it loads until the network is idle.
 * @param sizes gzip sizes of the built scripts (scriptSizes)
 * @param state cookies and storage to start from (a search already made, for instance)
 */
export async function scriptsOfPage(
  browser: Browser,
  url: string,
  sizes: Map<string, number>,
  state?: BrowserContextOptions["storageState"],
): Promise<PageScripts> {
  const context = await browser.newContext({ storageState: state, viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  const files = new Set<string>();
  page.on("request", (request) => {
    const name = /\/assets\/([^/?]+\.js)$/.exec(new URL(request.url()).pathname)?.[1];
    if (name) files.add(name);
  });
  await page.goto(url, { waitUntil: "networkidle" });
  await context.close();
  const list = [...files].sort();
  return { files: list, gzipBytes: list.reduce((sum, name) => sum + (sizes.get(name) ?? 0), 0) };
}

/** Gzip bytes of the app shell: index.html's entry script and what it preloads. */
export async function appShellBytes(portalDir: string, sizes: Map<string, number>): Promise<number> {
  const html = await readFile(join(portalDir, "index.html"), "utf8");
  const files = [...html.matchAll(/\/assets\/([^"]+\.js)"/g)].map((match) => match[1]!);
  return files.reduce((sum, name) => sum + (sizes.get(name) ?? 0), 0);
}
