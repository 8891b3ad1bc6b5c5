/**
 * The project's Chromium, launched one way for the browser tests, the chart renderer and the
 * screenshots: CHROMIUM_PATH, else the system's (Debian's `chromium` package).
 */
import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

/** Flags for a closed network: without the background ones Chromium floods it with refused calls. */
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Path of the first Chromium found; throws with the paths tried and the fix when there is none. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean) as string[];
  const found = candidates.find((path) => existsSync(path));
  if (!found) throw new Error(`No Chromium found (tried ${candidates.join(", ")}): apt-get install chromium, or set CHROMIUM_PATH.`);
  return found;
}

/** A headless Chromium with the closed-network flags; the caller closes it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}
