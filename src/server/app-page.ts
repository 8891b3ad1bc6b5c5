/**
 * The app's page for every address the portal's router draws, in the language pageLanguage
 * detected for the request (src/server/page-language.ts): index.en.html or index.es.html, which the
 * build prerendered with the page's frame in that language (scripts/prerender-pages.ts), or else
 * index.html with its `<html lang>` naming the language. The app starts in that language
 * (src/i18n.ts servedLocale), so it always agrees with the prerendered welcome page, which the
 * same detection chose. A route the build rendered whole (contract/rendered-routes.ts) has its own
 * page per language instead, e.g.
 * find-claim/select-search-method.es.html, which the app hydrates.
 */
import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { LOCALES, type Locale } from "../../contract/locales.ts";
import { RENDERED_ROUTES, renderedRouteFile } from "../../contract/rendered-routes.ts";
import { pageLocale } from "./page-language.ts";
import { HEADER_OPTIONS } from "../../contract/page-headers.ts";

/** `html` with its `<html lang>` naming `locale`; unchanged when the page has no such attribute. */
export function inLanguage(html: string, locale: Locale): string {
  return html.replace(/(<html\b[^>]*?\blang=")[^"]*"/i, `$1${locale}"`);
}

/** A page file's text, read again only when the file changes (a new build); undefined without the file. */
export function pageFile(file: string): () => Promise<string | undefined> {
  let read: { modified: number; html: string } | undefined;
  return async () => {
    const stats = await stat(file).catch(() => undefined);
    if (!stats?.isFile()) return undefined;
    if (read?.modified !== stats.mtimeMs) read = { modified: stats.mtimeMs, html: await readFile(file, "utf8") };
    return read.html;
  };
}

/** The hashes ('sha256-…') of a page's inline scripts, for its Content-Security-Policy. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([^]*?)<\/script>/g)].map(
    (match) => `'sha256-${createHash("sha256").update(match[1]!).digest("base64")}'`,
  );
}

/**
 * The portal's security headers, its script policy also allowing a rendered route's inline
 * scripts by their hashes: TanStack Router leaves its state for the app's RouterClient, and its
 * scroll restoration, in inline scripts, and the policy allows no other inline script. HSTS is
 * left to the global middleware, which keeps every header set here.
 */
export function headersAllowing(hashes: string[]): MiddlewareHandler {
  const policy = HEADER_OPTIONS.contentSecurityPolicy;
  return secureHeaders({
    ...HEADER_OPTIONS,
    strictTransportSecurity: false,
    contentSecurityPolicy: { ...policy, scriptSrc: [...policy.scriptSrc, ...hashes] },
  });
}

/**
 * GET of an app address: `root`/index.<language>.html, or `root`/index.html in the request's
 * language (run pageLanguage before it). A page costs a stat and, for index.html, one replace on
 * its 1 kB: about 0.2 ms, less than the 0.5 ms serveStatic took to stream the file. Without
 * index.html the request goes on to the next handler.
 */
export function appPage(root: string): MiddlewareHandler {
  const built = pageFile(join(root, "index.html"));
  const prerendered = Object.fromEntries(
    LOCALES.map((locale) => [locale, pageFile(join(root, `index.${locale}.html`))]),
  ) as Record<Locale, () => Promise<string | undefined>>;
  // Per rendered route and language, the page and the headers that let its inline scripts run,
  // made again when the file changes (a new build).
  interface RenderedPage {
    read: () => Promise<string | undefined>;
    headers?: { html: string; set: MiddlewareHandler };
  }
  const renderedRoutes = new Map<string, RenderedPage>(
    RENDERED_ROUTES.flatMap((path) =>
      LOCALES.map((locale) => [`${path}.${locale}`, { read: pageFile(join(root, renderedRouteFile(path, locale))) }]),
    ),
  );
  /** The page the build rendered for `path` in `locale`, with the headers that let it run; undefined without one. */
  const renderedRoute = async (path: string, locale: Locale) => {
    const entry = renderedRoutes.get(`${path}.${locale}`);
    const html = await entry?.read();
    if (!entry || html === undefined) return undefined;
    if (entry.headers?.html !== html) entry.headers = { html, set: headersAllowing(inlineScriptHashes(html)) };
    return entry.headers;
  };
  return async (c, next) => {
    const locale = pageLocale(c);
    const html = await built();
    if (html === undefined) return next();
    // One copy per language for caches (the language comes from the cookie or Accept-Language,
    // or from ?lng=, which is in the address); the page names this build's scripts, so a browser
    // asks again each time (they stay cached).
    c.header("Vary", "Accept-Language, Cookie");
    c.header("Cache-Control", "no-cache");
    const rendered = await renderedRoute(c.req.path, locale);
    if (rendered) {
      await rendered.set(c, async () => {
        c.res = c.html(rendered.html);
      });
      return c.res;
    }
    return c.html((await prerendered[locale]()) ?? inLanguage(html, locale));
  };
}
