/**
 * The prerendered welcome page: "/" is answered with welcome.en.html or welcome.es.html from
 * the built portal, in the language pageLanguage detected for the request (the one detection the
 * app's page follows too), so the first paint is already the right page. Without a prerendered
 * page the request falls through to the next handler (the app's page).
 */
import type { MiddlewareHandler } from "hono";
import { pageInLanguage } from "./page-in-language.ts";

/**
 * GET "/" from the built portal's prerendered welcome pages, in the request's language (run
 * pageLanguage before it), as the build's brotli or gzip copy when the browser takes one (the
 * page is about 15 kB, 4 kB as brotli).
 */
export function welcomePage(root: string): MiddlewareHandler {
  return pageInLanguage(root, (locale) => `welcome.${locale}.html`, {
    precompressed: true,
    headers: (c) => {
      // Caches must keep one copy per language and encoding; the page changes with every build.
      c.header("Vary", "Accept-Language, Cookie, Accept-Encoding");
      c.header("Cache-Control", "no-cache");
    },
  });
}
