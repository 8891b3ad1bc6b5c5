/**
 * The project's Chromium: a fresh machine needs nothing beyond `npm ci`, so when neither
 * CHROMIUM_PATH nor a system Chromium is there, the npm package's one is unpacked and used.
 */
import { existsSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { findChromium } from "../../scripts/chromium.ts";

const saved = process.env.CHROMIUM_PATH;
afterEach(() => {
  if (saved === undefined) delete process.env.CHROMIUM_PATH;
  else process.env.CHROMIUM_PATH = saved;
});

describe("findChromium", () => {
  it("takes CHROMIUM_PATH first, and says so when it names nothing", async () => {
    process.env.CHROMIUM_PATH = "/nowhere/chromium";
    await expect(findChromium()).rejects.toThrow("CHROMIUM_PATH=/nowhere/chromium does not exist.");
    process.env.CHROMIUM_PATH = process.execPath; // any existing file is taken as given
    expect(await findChromium()).toEqual({ path: process.execPath, env: {}, source: "CHROMIUM_PATH" });
  });

  it("without CHROMIUM_PATH: the system's Chromium, else the packaged one with its own fonts", async () => {
    delete process.env.CHROMIUM_PATH;
    const binary = await findChromium();
    expect(existsSync(binary.path)).toBe(true);
    if (existsSync("/usr/bin/chromium")) {
      expect(binary).toEqual({ path: "/usr/bin/chromium", env: {}, source: "system" });
    } else {
      expect(binary.source).toBe("npm package");
      expect(binary.path).toMatch(/node_modules\/\.cache\/sparticuz-chromium-[\d.]+\/chromium$/);
      expect(existsSync(`${binary.env.FONTCONFIG_PATH}/fonts.conf`)).toBe(true);
    }
  });
});
