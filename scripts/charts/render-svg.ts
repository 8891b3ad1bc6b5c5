/**
 * Mermaid text to SVG, offline: Mermaid's own bundle (node_modules/mermaid/dist/mermaid.min.js) is
 * injected into a blank page of the project's Chromium (playwright-core) and `mermaid.render` draws
 * each chart there. Every network request of the page is refused, so nothing is fetched.
 */
import { createRequire } from "node:module";
import type { Browser } from "playwright-core";
import { launchChromium } from "../chromium.ts";

const MERMAID_BUNDLE = createRequire(import.meta.url).resolve("mermaid/dist/mermaid.min.js");

/** Renders each Mermaid text to an SVG string, in order. */
export async function renderSvgs(texts: string[]): Promise<string[]> {
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    const page = await browser.newPage();
    const requests: string[] = [];
    await page.route("**/*", (route) => {
      requests.push(route.request().url());
      return route.abort();
    });
    await page.setContent("<!doctype html><html><head><meta charset='utf-8'></head><body></body></html>");
    await page.addScriptTag({ path: MERMAID_BUNDLE });
    const svgs: string[] = [];
    for (const text of texts) {
      svgs.push(
        await page.evaluate(async (source) => {
          const mermaid = (globalThis as unknown as { mermaid: MermaidApi }).mermaid;
          mermaid.initialize({
            startOnLoad: false,
            securityLevel: "strict",
            theme: "default",
            deterministicIds: true,
            deterministicIDSeed: "chart",
            // Plain SVG text rather than HTML in <foreignObject>, so the file draws in any SVG viewer.
            htmlLabels: false,
            state: { htmlLabels: false },
            fontFamily: "Arial, Helvetica, sans-serif",
          });
          const { svg } = await mermaid.render("chart", source);
          return svg;
        }, text),
      );
    }
    if (requests.length) throw new Error(`Rendering asked the network for ${requests.join(", ")}`);
    return svgs;
  } finally {
    await browser?.close();
  }
}

interface MermaidApi {
  initialize(config: Record<string, unknown>): void;
  render(id: string, text: string): Promise<{ svg: string }>;
}
