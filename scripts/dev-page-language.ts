/**
 * Vite dev server plugin (`npm run dev`): the app's page in the language the reference server
 * would send it in, found by the same detection (src/server/page-language.ts) and written the same
 * way (app-page.ts inLanguage). The portal then starts in development as when served, from its
 * `<html lang>` (src/i18n.ts servedLocale).
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Plugin } from "vite";
import { pageLocaleOf } from "../src/server/page-language.ts";
import { inLanguage } from "../src/server/app-page.ts";

/** The Vite plugin; it only runs in the dev server. */
export function pageLanguageInDev(): Plugin {
  return {
    name: "page-language",
    apply: "serve",
    configureServer(server) {
      // Run after Vite's SPA fallback, which has turned every app address into /index.html by
      // then (the address asked for stays in originalUrl), and before Vite would send the page.
      return () => {
        server.middlewares.use(async (req, res, next) => {
          if (req.url?.split("?")[0] !== "/index.html" || (req.method !== "GET" && req.method !== "HEAD"))
            return next();
          try {
            const address = req.originalUrl ?? req.url;
            const headers = Object.entries(req.headers).flatMap(([name, value]) =>
              typeof value === "string" ? [[name, value] as [string, string]] : [],
            );
            const locale = await pageLocaleOf(new URL(address, "http://dev.local").href, headers);
            const html = await server.transformIndexHtml(
              address,
              await readFile(join(server.config.root, "index.html"), "utf8"),
              req.originalUrl,
            );
            res.setHeader("Content-Type", "text/html; charset=utf-8");
            res.setHeader("Cache-Control", "no-cache");
            res.setHeader("Vary", "Accept-Language, Cookie");
            res.end(req.method === "HEAD" ? undefined : inLanguage(html, locale));
          } catch (error) {
            next(error);
          }
        });
      };
    },
  };
}
