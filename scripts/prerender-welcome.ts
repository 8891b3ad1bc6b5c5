/**
 * Vite plugin: prerenders the welcome page at build time. After the client build it builds
 * src/welcome/render.tsx for Node (`vite build --ssr`), renders the page in English and Spanish into the built welcome.html, and writes welcome.en.html and welcome.es.html, which the
 * server sends for "/" by language (server/portal/welcome-page.ts). Their largest paint needs no script
 * and no other file.
 */
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { build, type Plugin, type ResolvedConfig } from "vite";
import { LOCALES } from "../contract/locales.ts";

const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * What the prerendered page needs for a first paint from its HTML alone: its stylesheet inlined
 * (one request fewer before anything shows; the CSP allows inline styles), and no modulepreload
 * hints, whose scripts would share the phone's bandwidth with that paint (and, arriving at once
 * on a fast link, run before it). Its one script is the prerendered pages' entry
 * (src/prerendered-entry.ts), plain DOM code of a kilobyte: the page is never hydrated.
 */
async function forFirstPaint(html: string, outDir: string): Promise<string> {
  let page = html.replace(/\s*<link rel="modulepreload"[^>]*>/g, "");
  for (const match of html.matchAll(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g)) {
    const css = await readFile(join(outDir, match[1]!), "utf8");
    page = page.replace(match[0], `<style>${css}</style>`);
  }
  return page;
}

export function prerenderWelcome(): Plugin {
  let config: ResolvedConfig;
  let written = false;
  return {
    name: "prerender-welcome",
    apply: (userConfig, env) => env.command === "build" && !userConfig.build?.ssr,
    configResolved(resolved) {
      config = resolved;
    },
    writeBundle() {
      written = true;
    },
    async closeBundle() {
      // A failed build has nothing to prerender: its own error is the one to report.
      if (!written) return;
      const outDir = resolve(config.root, config.build.outDir);
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
        const template = await forFirstPaint(await readFile(join(outDir, "welcome.html"), "utf8"), outDir);
        if (!template.includes(ROOT_ELEMENT)) throw new Error(`welcome.html has no ${ROOT_ELEMENT} to fill`);
        for (const locale of LOCALES) {
          const markup = await renderWelcome(locale);
          const page = template.replace('<html lang="en">', `<html lang="${locale}">`).replace(ROOT_ELEMENT, `<div id="root" data-prerendered="${locale}">${markup}</div>`);
          await writeFile(join(outDir, `welcome.${locale}.html`), page);
        }
        await rm(join(outDir, "welcome.html"));
      } finally {
        await rm(ssrDir, { recursive: true, force: true });
      }
    },
  };
}
