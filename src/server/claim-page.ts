/**
 * A claim's step rendered for its owner: GET /find-claim/create-claim?claimId=…&warranty_id=… (FPP)
 * or /find-claim/create-ace-claim?…&cust_id=… (ACE), from a link in an email or a reload, answered
 * with the step already in the HTML, which the app then hydrates (src/main.tsx). The build's
 * renderer runs the wizard route's loader, which asks the claims API, over HTTP at its base URL, the
 * wizard's calls as a proxy would for the visitor: with the visitor's cookie and forwarded address.
 * Only a session the API lets read the claim gets it rendered. Any other request, a failed or slow
 * call or a busy renderer goes on to the app's page (app-page.ts), where the app loads the claim
 * itself as before.
 *
 * The renderer is the build's (scripts/prerender-pages.ts writes it, with the page it fills, to
 * RENDERER_DIR beside the portal's files). At most MAX_RENDERS run at once, so requests cannot
 * pile up work on the server: one beyond waits for nothing and gets the app's page.
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Context, MiddlewareHandler } from "hono";
import { RENDERED_ROUTE_ATTRIBUTE, RENDERER_DIR, pageWithRoot } from "../../contract/rendered-routes.ts";
import type { ClaimPageCalls } from "../welcome/render.tsx";
import type { Locale } from "../../contract/locales.ts";
import { pageLocale } from "./page-language.ts";
import { headersAllowing, inlineScriptHashes, pageFile } from "./app-page.ts";

/** The wizard routes whose steps are rendered for their owner. */
const CLAIM_PAGE_PATHS = new Set(["/find-claim/create-claim", "/find-claim/create-ace-claim"]);

/** Renders at once; a request beyond them gets the app's page (about 20 ms of CPU each). */
const MAX_RENDERS = 2;

/** What the build's renderer offers (src/welcome/render.tsx renderClaimPage). */
interface Renderer {
  renderClaimPage(locale: Locale, path: string, calls: ClaimPageCalls): Promise<string | null>;
}

/** The claims API a portal host renders from. */
export interface PortalApi {
  /**
   * Its base URL, e.g. `https://claims.example.com/api/v1`; asked at each render, as a process
   * serving both learns its own port only once it listens.
   */
  baseUrl: () => string;
  /** The portal's API key (x-api-key), the one its bundle sends too. */
  key: string;
  /**
   * The X-Forwarded-For to send for the visitor of `c`, when the host stands in front of the API
   * as a proxy of its own. Absent (one process), the visitor's header is passed on as it came.
   */
  forwardedFor?: (c: Context) => string;
}

/** The renderer under `root`, imported once; undefined when the build has none. */
function rendererIn(root: string): () => Promise<Renderer | undefined> {
  let imported: Promise<Renderer | undefined> | undefined;
  return () =>
    (imported ??= import(pathToFileURL(join(root, RENDERER_DIR, "render.js")).href).catch(() => undefined) as Promise<
      Renderer | undefined
    >);
}

/**
 * The claim page of the portal built in `root`, asking `api`. Run pageLanguage before it; calls
 * the next handler whenever it does not render.
 * @param onRenderError told of a renderer that threw (the visitor gets the app's page)
 */
export function claimPage(root: string, api: PortalApi, onRenderError: (error: unknown) => void): MiddlewareHandler {
  const renderer = rendererIn(root);
  const page = pageFile(join(root, RENDERER_DIR, "page.html"));
  let rendering = 0;
  return async (c, next) => {
    if (!CLAIM_PAGE_PATHS.has(c.req.path) || !c.req.query("claimId") || rendering >= MAX_RENDERS) return next();
    rendering++;
    let html: string | undefined;
    try {
      html = await render(c, { renderer, page, api, onRenderError });
    } finally {
      rendering--;
    }
    if (html === undefined) return next();
    // The page holds the visitor's claim: for this browser only, and asked afresh each time.
    c.header("Cache-Control", "private, no-store");
    c.header("Vary", "Accept-Language, Cookie");
    await headersAllowing(inlineScriptHashes(html))(c, async () => {
      c.res = c.html(html);
    });
    return c.res;
  };
}

/** The claim's page for the visitor of `c`, or undefined when the API does not give the claim or nothing renders. */
async function render(
  c: Context,
  {
    renderer,
    page,
    api,
    onRenderError,
  }: {
    renderer: () => Promise<Renderer | undefined>;
    page: () => Promise<string | undefined>;
    api: PortalApi;
    onRenderError: (error: unknown) => void;
  },
): Promise<string | undefined> {
  const [rendererModule, template] = await Promise.all([renderer(), page()]);
  if (!rendererModule || template === undefined) return undefined;
  const locale = pageLocale(c);
  const headers: Record<string, string> = {
    cookie: c.req.header("cookie") ?? "",
    "accept-language": locale,
    "x-api-key": api.key,
  };
  // The API knows the visitor by the X-Forwarded-For entry its nearest trusted proxy wrote (its
  // rate limits are per address), and the scheme by X-Forwarded-Proto.
  for (const name of ["x-forwarded-for", "x-forwarded-proto"]) {
    const value = c.req.header(name);
    if (value) headers[name] = value;
  }
  if (api.forwardedFor) headers["x-forwarded-for"] = api.forwardedFor(c);
  const url = new URL(c.req.url);
  const markup = await rendererModule
    .renderClaimPage(locale, url.pathname + url.search, { baseUrl: api.baseUrl(), headers })
    .catch((error: unknown) => {
      onRenderError(error);
      return null;
    });
  return markup === null ? undefined : pageWithRoot(template, locale, markup, ` ${RENDERED_ROUTE_ATTRIBUTE}`);
}
