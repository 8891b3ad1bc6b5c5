/**
 * A page the build prerendered once per language (scripts/prerender-pages.ts), sent in the
 * language pageLanguage detected for the request. Without the file (a build that has none) the
 * request goes on to the next handler.
 */
import { serveStatic } from "@hono/node-server/serve-static";
import type { Context, MiddlewareHandler } from "hono";
import { LOCALES, type Locale } from "../../contract/locales.ts";
import { pageLocale } from "./page-language.ts";

/**
 * The page `fileOf(locale)` under `root`, as the build's brotli or gzip copy when `precompressed`
 * and the browser takes one; `headers` sets the answer's caching.
 */
export function pageInLanguage(
  root: string,
  fileOf: (locale: Locale) => string,
  { precompressed = false, headers }: { precompressed?: boolean; headers: (c: Context) => void },
): MiddlewareHandler {
  const pages = new Map(
    LOCALES.map((locale) => [
      locale,
      serveStatic({ root, path: fileOf(locale), precompressed, onFound: (_file, c) => headers(c) }),
    ]),
  );
  return (c, next) => pages.get(pageLocale(c))!(c, next);
}
