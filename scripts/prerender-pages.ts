/**
 * Vite plugin: prerenders the pages' HTML at build time. Once the client bundle holds its pages,
 * it builds src/welcome/render.tsx for Node (`vite build --ssr`) and renders, in English and
 * Spanish:
 * - the welcome page into the bundle's welcome.html, putting welcome.en.html and welcome.es.html in
 *   the bundle in its place, which the server sends for "/" by language
 *   (src/server/welcome-page.ts). Their largest paint needs no script and no other file;
 * - the app page's frame (the header and the loading line) into index.html, as index.en.html and
 *   index.es.html beside it, which the server sends for the app's addresses by language
 *   (src/server/app-page.ts): a phone shows the page coming while the app's scripts load.
 *   index.html stays as built, naming no language, for a static host;
 * - the page that reopens a signed link followed from another site, as link-hand-over.en.html and
 *   link-hand-over.es.html (src/server/link-hand-over.ts);
 * - each route of contract/rendered-routes.ts whole, through TanStack Router's server rendering
 *   (src/welcome/render.tsx renderAppPage), as e.g. find-claim/select-search-method.es.html, which
 *   the server sends for that address and the app hydrates.
 * Being in the bundle, they get their compressed copies with the rest (scripts/compressed-copies.ts).
 * The renderer itself stays, with the page it renders into, in the build's RENDERER_DIR: the
 * server renders a claim's step with it per request (src/server/claim-page.ts).
 */
import { cp, mkdir, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { OutputBundle } from "rolldown";
import { build, type Plugin, type ResolvedConfig } from "vite";
import { LOCALES } from "../contract/locales.ts";
import {
  RENDERED_ROUTE_ATTRIBUTE,
  RENDERED_ROUTES,
  RENDERER_DIR,
  ROOT_ELEMENT,
  pageWithRoot,
  renderedRouteFile,
} from "../contract/rendered-routes.ts";
import { linkHandOverFile } from "../src/server/link-hand-over.ts";

const WELCOME_TEMPLATE = "welcome.html";
const APP_TEMPLATE = "index.html";

/** The text of the bundle's asset `fileName`. @throws when the bundle has no such asset */
function assetText(bundle: OutputBundle, fileName: string): string {
  const asset = bundle[fileName];
  if (asset?.type !== "asset") throw new Error(`The bundle has no ${fileName}`);
  return typeof asset.source === "string" ? asset.source : new TextDecoder().decode(asset.source);
}

/**
 * What a page whose HTML is already its content needs for a first paint from that HTML alone: its
 * stylesheet inlined (one request fewer before anything shows; the CSP allows inline styles), and
 * no modulepreload hints, whose scripts would share the phone's bandwidth with that paint (and,
 * arriving at once on a fast link, run before it). The welcome page's one script is the
 * prerendered pages' entry (src/prerendered-entry.ts), plain DOM code of a kilobyte: that page is
 * never hydrated. A rendered route's is the app's entry, which asks for the startup chunks as it
 * runs: the app hydrates one request later than with the hints, while the screen, whose controls
 * are HTML that works meanwhile, is already on show.
 */
function forFirstPaint(html: string, bundle: OutputBundle): string {
  let page = html.replace(/\s*<link rel="modulepreload"[^>]*>/g, "");
  for (const match of html.matchAll(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g)) {
    page = page.replace(match[0], `<style>${assetText(bundle, match[1]!)}</style>`);
  }
  return page;
}

export function prerenderPages(): Plugin {
  let config: ResolvedConfig;
  // The renderer's build, inside the project, and the page it renders into.
  let ssrDir = "";
  let renderedPage = "";
  return {
    name: "prerender-pages",
    apply: (userConfig, env) => env.command === "build" && !userConfig.build?.ssr,
    // After Vite's HTML plugin has put the built pages (welcome.html, index.html) in the bundle, and
    // before the manifest plugin, where the compressed copies are made.
    enforce: "post",
    configResolved(resolved) {
      config = resolved;
      ssrDir = join(config.root, "node_modules", ".cache", `prerender-ssr-${process.pid}`);
    },
    async generateBundle(_options, bundle) {
      await mkdir(ssrDir, { recursive: true });
      try {
        await build({
          configFile: config.configFile,
          mode: config.mode,
          logLevel: "warn",
          // Every library inside: the server runs the renderer from the build's folder, wherever
          // that is, with no node_modules beside it.
          ssr: { noExternal: true },
          build: {
            ssr: "src/welcome/render.tsx",
            outDir: ssrDir,
            emptyOutDir: true,
            copyPublicDir: false,
            manifest: false,
          },
        });
        const render = (await import(pathToFileURL(join(ssrDir, "render.js")).href)) as Record<
          "renderWelcome" | "renderAppPageFrame" | "renderLinkHandOver",
          (locale: string) => Promise<string>
        > & {
          renderAppPage: (locale: string, path: string) => Promise<string>;
        };
        const welcome = forFirstPaint(assetText(bundle, WELCOME_TEMPLATE), bundle);
        const app = assetText(bundle, APP_TEMPLATE);
        for (const template of [welcome, app])
          if (!template.includes(ROOT_ELEMENT)) throw new Error(`A page template has no ${ROOT_ELEMENT} to fill`);
        renderedPage = forFirstPaint(app, bundle);
        for (const locale of LOCALES) {
          this.emitFile({
            type: "asset",
            fileName: `welcome.${locale}.html`,
            source: pageWithRoot(welcome, locale, await render.renderWelcome(locale), ` data-prerendered="${locale}"`),
          });
          this.emitFile({
            type: "asset",
            fileName: `index.${locale}.html`,
            source: pageWithRoot(app, locale, await render.renderAppPageFrame(locale)),
          });
          this.emitFile({
            type: "asset",
            fileName: linkHandOverFile(locale),
            source: await render.renderLinkHandOver(locale),
          });
          for (const path of RENDERED_ROUTES) {
            this.emitFile({
              type: "asset",
              fileName: renderedRouteFile(path, locale),
              source: pageWithRoot(
                renderedPage,
                locale,
                await render.renderAppPage(locale, path),
                ` ${RENDERED_ROUTE_ATTRIBUTE}`,
              ),
            });
          }
        }
        // The template is never served: "/" without a prerendered page falls through to the app.
        delete bundle[WELCOME_TEMPLATE];
      } catch (error) {
        await rm(ssrDir, { recursive: true, force: true });
        throw error;
      }
    },
    // The renderer and its page go beside the portal's files once those are written, for the
    // server's per-request rendering (src/server/claim-page.ts).
    async writeBundle() {
      const rendererDir = resolve(config.root, config.build.outDir, RENDERER_DIR);
      try {
        await rm(rendererDir, { recursive: true, force: true });
        await cp(ssrDir, rendererDir, { recursive: true });
        await writeFile(join(rendererDir, "page.html"), renderedPage);
      } finally {
        await rm(ssrDir, { recursive: true, force: true });
      }
    },
  };
}
