/**
 * The portal host: every HTML answer of the portal (DESIGN.md "Layout"), made from the build in
 * one folder. "/" is the prerendered welcome page, a claim's step is rendered for its owner from
 * the claims API's answers (claim-page.ts), a signed link followed from another site is reopened
 * from the portal's origin (link-hand-over.ts), a route the build rendered whole has its page, any
 * other address gets the app's page, each in the visitor's language (page-language.ts); the
 * build's files are sent as they are (portal-files.ts). It reaches the claims API over HTTP only,
 * at the base URL it is given, so it runs in front of the reference API in one process
 * (server/start.ts, `npm start`) or in front of any claims API on its own (src/server/main.ts).
 * Without a host at all, a static host serves the build as a plain single-page app.
 */
import { Hono, type MiddlewareHandler } from "hono";
import { every } from "hono/combine";
import { RENDERER_DIR } from "../../contract/rendered-routes.ts";
import { appPage } from "./app-page.ts";
import { claimPage, type PortalApi } from "./claim-page.ts";
import { isCrossSiteLink, linkHandOverPage } from "./link-hand-over.ts";
import { pageLanguage } from "./page-language.ts";
import { portalFiles } from "./portal-files.ts";
import { welcomePage } from "./welcome-page.ts";

/** What a portal host serves and asks. */
export interface PortalHostOptions {
  /** The built portal's folder (`vite build`'s outDir). */
  root: string;
  /** The claims API that claim steps are rendered from. */
  api: PortalApi;
  /** Told of a claim page whose rendering threw (the visitor got the app's page). */
  onRenderError: (error: unknown) => void;
}

/** The addresses of the claims API beside the portal, which a host never answers with a page. */
export function isApiPath(path: string): boolean {
  return path === "/api" || path.startsWith("/api/") || path.startsWith("/storage/");
}

/**
 * The portal host's app. Its routes answer GET only, and leave the claims API's addresses
 * (isApiPath) and the build's never-served renderer to the next handler.
 */
export function createPortalHost({ root, api, onRenderError }: PortalHostOptions): Hono {
  const host = new Hono();
  const inLanguage = pageLanguage();
  const index = appPage(root);
  const files = portalFiles(root);
  const page = every(inLanguage, claimPage(root, api, onRenderError), index);
  const unlessApi =
    (handler: MiddlewareHandler): MiddlewareHandler =>
    (c, next) =>
      isApiPath(c.req.path) ? next() : handler(c, next);
  const handOver = every(inLanguage, linkHandOverPage(root));
  host.get("/", inLanguage, welcomePage(root), index);
  // A signed link followed from another site: the claims API grants nothing to it, this reopens it from ours.
  host.get("/find-claim/:id{[0-9]{1,10}}", (c, next) => (isCrossSiteLink(c.req) ? handOver(c, next) : next()));
  host.get(
    "*",
    unlessApi((c, next) => (c.req.path.startsWith(`/${RENDERER_DIR}/`) ? next() : files(c, next))),
  );
  host.get("*", unlessApi(page));
  return host;
}
