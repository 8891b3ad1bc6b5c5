/**
 * The prerendered welcome page: "/" is answered with welcome.en.html or welcome.es.html from
 * the built portal, in the language the page itself would pick (src/i18n.ts: `?lng=`, then the language cookie, then the browser's
 * Accept-Language), so the first paint is already the right page. Without a prerendered page the
 * request falls through to the app's index.html.
 */
import { serveStatic } from "@hono/node-server/serve-static";
import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { LANGUAGE_COOKIE, LOCALES, type Locale } from "../../contract/locales.ts";

const asLocale = (value: string | undefined | null): Locale | undefined => LOCALES.find((locale) => value?.trim().slice(0, 2).toLowerCase() === locale);

/** The language to prerender for a request; English when nothing says otherwise. */
export function welcomeLanguage(c: Context): Locale {
  const fromQuery = asLocale(c.req.query("lng"));
  if (fromQuery) return fromQuery;
  const fromCookie = asLocale(getCookie(c, LANGUAGE_COOKIE));
  if (fromCookie) return fromCookie;
  // Accept-Language in the browser's order of preference (q weights descending, as sent).
  const ranked = (c.req.header("accept-language") ?? "")
    .split(",")
    .map((part) => {
      const [tag = "", q = "q=1"] = part.split(";");
      return { tag, weight: Number(q.trim().replace(/^q=/, "")) || 0 };
    })
    .sort((a, b) => b.weight - a.weight);
  return ranked.map((entry) => asLocale(entry.tag)).find(Boolean) ?? "en";
}

/**
 * GET "/" from the built portal's prerendered welcome pages, in the request's language, as the
 * build's brotli or gzip copy when the browser takes one (scripts/precompress.ts; the page is about
 * 15 kB, 4 kB as brotli). Without the page (a build that has none) the request goes on to the next
 * handler.
 */
export function welcomePage(root: string): MiddlewareHandler {
  const pages = new Map(
    LOCALES.map((locale) => [
      locale,
      serveStatic({
        root,
        path: `welcome.${locale}.html`,
        precompressed: true,
        onFound: (_file, c) => {
          // Caches must keep one copy per language and encoding; the page changes with every build.
          c.header("Vary", "Accept-Language, Cookie, Accept-Encoding");
          c.header("Cache-Control", "no-cache");
        },
      }),
    ]),
  );
  return (c, next) => pages.get(welcomeLanguage(c))!(c, next);
}
