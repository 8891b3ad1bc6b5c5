// @vitest-environment jsdom
/**
 * A language's catalog that cannot load (a lost connection, a deployment that removed it) leaves
 * the app in English rather than without a page; the visitor's choice is kept for the next load.
 */
import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("../../locales/es/messages.po", () => {
  throw new TypeError("Failed to fetch dynamically imported module: http://portal.test/assets/messages-es.js");
});

afterEach(() => {
  document.cookie = "i18next=; path=/; max-age=0";
});

describe("activateLocale", () => {
  it("falls back to English when the Spanish catalog does not load, and keeps Spanish as the choice", async () => {
    const { activateLocale, i18n } = await import("../../src/i18n.ts");
    await expect(activateLocale("es")).resolves.toBeUndefined();
    expect(i18n.locale).toBe("en");
    expect(document.documentElement.lang).toBe("en");
    expect(document.cookie).toContain("i18next=es");
  });
});
