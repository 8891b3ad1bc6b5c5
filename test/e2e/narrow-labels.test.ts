/**
 * At 375 px in Spanish, the longest words of the personal search's 'Search with' choice
 * ('Correo electrónico') stay inside their boxes: a label that wraps keeps its words off its
 * border, and none runs past it.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { openPortal, type Portal } from "./harness.ts";

let portal: Portal;
beforeAll(async () => {
  portal = await openPortal();
});
afterAll(async () => {
  await portal?.close();
});

it("keeps each 'Buscar con' choice's words inside its box, clear of the border, at 375 px", async () => {
  const context = await portal.newContext();
  try {
    await context.addCookies([{ name: "i18next", value: "es", url: portal.server.url }]);
    const page = await context.newPage();
    await page.goto("/find-claim/search-by-personal-info");
    await page.getByRole("radio", { name: "Correo electrónico" }).waitFor();
    const gaps = await page.locator(".segmented label").evaluateAll((labels) =>
      labels.map((label) => {
        const box = label.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(label);
        const text = [...range.getClientRects()].filter((rect) => rect.width > 0);
        return {
          label: label.textContent,
          left: Math.min(...text.map((rect) => rect.left)) - box.left,
          right: box.right - Math.max(...text.map((rect) => rect.right)),
        };
      }),
    );
    expect(gaps.map((gap) => gap.label)).toEqual(["Correo electrónico", "Teléfono", "Factura"]);
    // At least 4 px between the words (or the radio) and each side's border.
    for (const gap of gaps) {
      expect(gap.left, gap.label!).toBeGreaterThanOrEqual(4);
      expect(gap.right, gap.label!).toBeGreaterThanOrEqual(4);
    }
  } finally {
    await context.close();
  }
});
