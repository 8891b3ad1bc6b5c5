/**
 * Vite plugin: prerenders the welcome page at build time. Once the client bundle holds its pages,
 * it builds src/welcome/render.tsx for Node (`vite build --ssr`), renders the page in English and
 * Spanish into the bundle's welcome.html, and puts welcome.en.html and welcome.es.html in the bundle
 * in its place, which the server sends for "/" by language (server/portal/welcome-page.ts). Being in
 * the bundle, they get their compressed copies with the rest (scripts/compressed-copies.ts). Their
 * largest paint needs no script and no other file.
 */
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { OutputBundle } from "rolldown";
import { build, type Plugin, type ResolvedConfig } from "vite";
import { LOCALES } from "../contract/locales.ts";

const ROOT_ELEMENT = '<div id="root"></div>';
const TEMPLATE = "welcome.html";

/** The text of the bundle's asset `fileName`. @throws when the bundle has no such asset */
function assetText(bundle: OutputBundle, fileName: string): string {
  const asset = bundle[fileName];
  if (asset?.type !== "asset") throw new Error(`The bundle has no ${fileName}`);
  return typeof asset.source === "string" ? asset.source : new TextDecoder().decode(asset.source);
}

/**
 * What the prerendered page needs for a first paint from its HTML alone: its stylesheet inlined
 * (one request fewer before anything shows; the CSP allows inline styles), and no modulepreload
 * hints, whose scripts would share the phone's bandwidth with that paint (and, arriving at once
 * on a fast link, run before it). Its one script is the prerendered pages' entry
 * (src/prerendered-entry.ts), plain DOM code of a kilobyte: the page is never hydrated.
 */
function forFirstPaint(html: string, bundle: OutputBundle): string {
  let page = html.replace(/\s*<link rel="modulepreload"[^>]*>/g, "");
  for (const match of html.matchAll(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g)) {
    page = page.replace(match[0], `<style>${assetText(bundle, match[1]!)}</style>`);
  }
  return page;
}

export function prerenderWelcome(): Plugin {
  let config: ResolvedConfig;
  return {
    name: "prerender-welcome",
    apply: (userConfig, env) => env.command === "build" && !userConfig.build?.ssr,
    // After Vite's HTML plugin has put the built welcome.html in the bundle, and before the manifest
    // plugin, where the compressed copies are made.
    enforce: "post",
    configResolved(resolved) {
      config = resolved;
    },
    async generateBundle(_options, bundle) {
      // Inside the project, so the rendered module finds react-dom/server in node_modules.
      const ssrDir = join(config.root, "node_modules", ".cache", `welcome-ssr-${process.pid}`);
      await mkdir(ssrDir, { recursive: true });
      try {
        await build({
          configFile: config.configFile,
          mode: config.mode,
          logLevel: "warn",
          build: { ssr: "src/welcome/render.tsx", outDir: ssrDir, emptyOutDir: true, copyPublicDir: false },
        });
        const { renderWelcome } = (await import(pathToFileURL(join(ssrDir, "render.js")).href)) as { renderWelcome(locale: string): Promise<string> };
        const template = forFirstPaint(assetText(bundle, TEMPLATE), bundle);
        if (!template.includes(ROOT_ELEMENT)) throw new Error(`${TEMPLATE} has no ${ROOT_ELEMENT} to fill`);
        for (const locale of LOCALES) {
          const markup = await renderWelcome(locale);
          const page = template.replace('<html lang="en">', `<html lang="${locale}">`).replace(ROOT_ELEMENT, `<div id="root" data-prerendered="${locale}">${markup}</div>`);
          this.emitFile({ type: "asset", fileName: `welcome.${locale}.html`, source: page });
        }
        // The template is never served: "/" without a prerendered page falls through to the app.
        delete bundle[TEMPLATE];
      } finally {
        await rm(ssrDir, { recursive: true, force: true });
      }
    },
  };
}
