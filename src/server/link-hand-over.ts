/**
 * The page a signed link (a plan link or a finish-later link, `/find-claim/{id}?…&sig=`) gets when
 * it is followed from another site. Such a navigation carries no SameSite=Strict session cookie,
 * and the claims API grants nothing without it (a page of an attacker's could otherwise swap the
 * victim's session for one holding only the attacker's plan), so this page opens the same link
 * again at once from the portal's own origin, which brings the cookie along. A meta refresh: the
 * pages' Content-Security-Policy allows no inline script; its link is for a browser that does not
 * follow meta refreshes. In the page's language (run pageLanguage before it), so it matches the
 * portal page it reopens into.
 */
import type { MiddlewareHandler } from "hono";
import { html } from "hono/html";
import { pageLocale } from "./page-language.ts";

/** True for a request the hand-over answers: a signed link followed from another site. */
export function isCrossSiteLink(request: { query(name: string): string | undefined; header(name: string): string | undefined }): boolean {
  return request.query("sig") !== undefined && request.header("sec-fetch-site") === "cross-site";
}

/** The page, for the request's own address (isCrossSiteLink tells which requests get it). */
export function linkHandOverPage(): MiddlewareHandler {
  return async (c) => {
    const url = new URL(c.req.url);
    const target = `${url.pathname}${url.search}`;
    const spanish = pageLocale(c) === "es";
    c.header("Cache-Control", "no-store");
    return c.html(html`<!doctype html>
<html lang="${spanish ? "es" : "en"}"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${target}">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${spanish ? "Abriendo su plan…" : "Opening your plan…"}</title></head>
<body><p><a href="${target}">${spanish ? "Abrir su plan" : "Open your plan"}</a></p></body></html>`);
  };
}
