/**
 * The app's page for every address the portal's router draws, in the language pageLanguage
 * detected for the request (server/http/language.ts): index.en.html or index.es.html, which the
 * build prerendered with the page's frame in that language (scripts/prerender-pages.ts), or else
 * index.html with its `<html lang>` naming the language. The app starts in that language
 * (src/i18n.ts servedLocale), so it always agrees with the prerendered welcome page, which the
 * same detection chose.
 */
import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import type { MiddlewareHandler } from "hono";
import { LOCALES, type Locale } from "../../contract/locales.ts";
import { pageLocale } from "../http/language.ts";

/** `html` with its `<html lang>` naming `locale`; unchanged when the page has no such attribute. */
export function inLanguage(html: string, locale: Locale): string {
  return html.replace(/(<html\b[^>]*?\blang=")[^"]*"/i, `$1${locale}"`);
}

/** A page file's text, read again only when the file changes (a new build); undefined without the file. */
function pageFile(file: string): () => Promise<string | undefined> {
  let read: { modified: number; html: string } | undefined;
  return async () => {
    const stats = await stat(file).catch(() => undefined);
    if (!stats?.isFile()) return undefined;
    if (read?.modified !== stats.mtimeMs) read = { modified: stats.mtimeMs, html: await readFile(file, "utf8") };
    return read.html;
  };
}

/**
 * GET of an app address: `root`/index.<language>.html, or `root`/index.html in the request's
 * language (run pageLanguage before it). A page costs a stat and, for index.html, one replace on
 * its 1 kB: about 0.2 ms, less than the 0.5 ms serveStatic took to stream the file. Without
 * index.html the request goes on to the next handler.
 */
export function appPage(root: string): MiddlewareHandler {
  const built = pageFile(join(root, "index.html"));
  const prerendered = Object.fromEntries(LOCALES.map((locale) => [locale, pageFile(join(root, `index.${locale}.html`))])) as Record<Locale, () => Promise<string | undefined>>;
  return async (c, next) => {
    const locale = pageLocale(c);
    const html = await built();
    if (html === undefined) return next();
    // One copy per language for caches (the language comes from the cookie or Accept-Language,
    // or from ?lng=, which is in the address); the page names this build's scripts, so a browser
    // asks again each time (they stay cached).
    c.header("Vary", "Accept-Language, Cookie");
    c.header("Cache-Control", "no-cache");
    return c.html((await prerendered[locale]()) ?? inLanguage(html, locale));
  };
}
