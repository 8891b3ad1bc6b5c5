/**
 * The page a signed link (a plan link or a finish-later link, `/find-claim/{id}?…&sig=`) gets when
 * it is followed from another site. Such a navigation carries no SameSite=Strict session cookie,
 * and the claims API grants nothing without it (a page of an attacker's could otherwise swap the
 * victim's session for one holding only the attacker's plan), so this page opens the same address
 * again at once from the portal's own origin, which brings the cookie along. The build prerenders
 * it once per language (src/welcome/LinkHandOverPage.tsx); it is sent in the page's language (run
 * pageLanguage before it), so it matches the portal page it reopens into.
 */
import type { MiddlewareHandler } from "hono";
import { pageInLanguage } from "./page-in-language.ts";

/** The build's file of the page in a language, e.g. link-hand-over.es.html. */
export function linkHandOverFile(locale: string): string {
  return `link-hand-over.${locale}.html`;
}

/** True for a request the hand-over answers: a signed link followed from another site. */
export function isCrossSiteLink(request: {
  query(name: string): string | undefined;
  header(name: string): string | undefined;
}): boolean {
  return request.query("sig") !== undefined && request.header("sec-fetch-site") === "cross-site";
}

/**
 * The page from the portal built in `root`, for any address (isCrossSiteLink tells which requests
 * get it). Without the page (a build that has none) the request goes on to the next handler.
 */
export function linkHandOverPage(root: string): MiddlewareHandler {
  // Kept by no cache: one could answer the same-origin request the page makes with the page again.
  return pageInLanguage(root, linkHandOverFile, { headers: (c) => c.header("Cache-Control", "no-store") });
}
