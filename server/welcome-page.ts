/**
 * The prerendered pages (issue 12): "/" is answered with welcome.en.html or welcome.es.html from
 * the built portal, and the app pages of PRERENDERED_APP_PATHS with theirs, in the language the
 * page itself would pick (src/i18n.ts: `?lng=`, then the language cookie, then the browser's
 * Accept-Language), so the first paint is already the right page. Without a prerendered page the
 * request falls through to the app's index.html.
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { LANGUAGE_COOKIE, LOCALES, type Locale } from "../contract/locales.ts";


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
 * App pages prerendered at build time too (scripts/prerender-app.tsx): screens that show no one's
 * data, so their first paint needs no script either. "/find-claim/select-search-method" is where
 * the welcome page's Start leads, by a page load.
 */
export const PRERENDERED_APP_PATHS = ["/find-claim/select-search-method"] as const;

/** Where the build writes a prerendered page, relative to the built portal's folder. */
export function prerenderedFile(path: string, locale: Locale): string {
  return path === "/" ? `welcome.${locale}.html` : join("prerendered", `${path.replace(/^\//, "")}.${locale}.html`);
}

/** The compressed copies the build writes beside a page (scripts/precompress.ts), best first. */
const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;

/** The encodings the request's Accept-Encoding allows (q=0 refuses one). */
function accepted(c: Context): Set<string> {
  const allowed = new Set<string>();
  for (const part of (c.req.header("accept-encoding") ?? "").split(",")) {
    const [name = "", q] = part.trim().split(";");
    if (!q || Number(q.trim().replace(/^q=/, "")) > 0) allowed.add(name.trim().toLowerCase());
  }
  return allowed;
}

/**
 * GET `path` from the built portal's prerendered pages, in the request's language, as the build's
 * brotli or gzip copy when the browser takes one (the welcome page is about 15 kB, 4 kB as brotli);
 * the pages are read once. Without them (a build that has none) the request goes on to the next
 * handler.
 */
export function prerenderedPage(root: string, path: string): MiddlewareHandler {
  const fileOf = (locale: Locale) => prerenderedFile(path, locale);
  const pages = new Map<string, Promise<ArrayBuffer | null>>();
  const read = (file: string) => {
    const bytes = async () => {
      if (!existsSync(join(root, file))) return null;
      const buffer = await readFile(join(root, file));
      return buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
    };
    if (!pages.has(file)) pages.set(file, bytes());
    return pages.get(file)!;
  };
  const available = LOCALES.every((locale) => existsSync(join(root, fileOf(locale))));
  return async (c, next) => {
    if (!available) return next();
    const file = fileOf(welcomeLanguage(c));
    const headers: Record<string, string> = {
      "Content-Type": "text/html; charset=UTF-8",
      // Caches must keep one copy per language and encoding; the page changes with every build.
      Vary: "Accept-Language, Cookie, Accept-Encoding",
      "Cache-Control": "no-cache",
    };
    const allowed = accepted(c);
    for (const { name, suffix } of ENCODINGS) {
      const bytes = allowed.has(name) ? await read(file + suffix) : null;
      if (bytes) return c.body(bytes, 200, { ...headers, "Content-Encoding": name });
    }
    return c.body((await read(file))!, 200, headers);
  };
}

/** GET "/" from the built portal's prerendered welcome pages. */
export function welcomePage(root: string): MiddlewareHandler {
  return prerenderedPage(root, "/");
}
