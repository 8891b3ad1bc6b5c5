/**
 * A claim's step rendered for its owner: GET /find-claim/create-claim?claimId=…&warranty_id=…
 * (a link from an email, a reload) answered with the step already in the HTML, which the app then
 * hydrates (src/main.tsx). The server asks its own API the wizard's three calls (the claim, its
 * plan, the option lists) as the visitor, with the visitor's cookie: only a session the API lets
 * read the claim gets it rendered. Any other request, a failed call or a busy renderer goes on to
 * the app's page (app-page.ts), where the app loads the claim itself as before.
 *
 * The renderer is the build's (scripts/prerender-pages.ts writes it, with the page it fills, to
 * RENDERER_DIR beside the portal's files). At most MAX_RENDERS run at once, so requests cannot
 * pile up work on the server: one beyond waits for nothing and gets the app's page.
 */
import { log } from "../log.ts";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Context, MiddlewareHandler } from "hono";
import { RENDERED_ROUTE_ATTRIBUTE, RENDERER_DIR, pageWithRoot, type ClaimPageAnswers } from "../../contract/rendered-routes.ts";
import type { Locale } from "../../contract/locales.ts";
import { pageLocale } from "../http/language.ts";
import { idOf } from "../http/validate.ts";
import { headersAllowing, inlineScriptHashes, pageFile } from "./app-page.ts";

/** The wizard route the server renders. */
const CLAIM_PAGE_PATH = "/find-claim/create-claim";

/** Renders at once; a request beyond them gets the app's page (about 20 ms of CPU each). */
const MAX_RENDERS = 2;

/** What the build's renderer offers (src/welcome/render.tsx renderClaimPage). */
interface Renderer {
  renderClaimPage(locale: Locale, path: string, answers: ClaimPageAnswers): Promise<string | null>;
}

/**
 * The API's answer to GET `path` (under /api/v1/) asked as the visitor of `c`, with `headers`.
 * Given by the app (server/app.ts), which sends it through its own routes.
 */
export type ApiAsVisitor = (c: Context, path: string, headers: Headers) => Promise<Response>;

/** The renderer under `root`, imported once; undefined when the build has none. */
function rendererIn(root: string): () => Promise<Renderer | undefined> {
  let imported: Promise<Renderer | undefined> | undefined;
  return () => (imported ??= import(pathToFileURL(join(root, RENDERER_DIR, "render.js")).href).catch(() => undefined) as Promise<Renderer | undefined>);
}

/**
 * The claim page of the portal built in `root`, asking the API through `api`. Run pageLanguage
 * before it; calls the next handler whenever it does not render.
 */
export function claimPage(root: string, api: ApiAsVisitor): MiddlewareHandler {
  const renderer = rendererIn(root);
  const page = pageFile(join(root, RENDERER_DIR, "page.html"));
  let rendering = 0;
  return async (c, next) => {
    const claimId = idOf(c.req.query("claimId"));
    const planId = idOf(c.req.query("warranty_id"));
    if (c.req.path !== CLAIM_PAGE_PATH || !claimId || !planId || rendering >= MAX_RENDERS) return next();
    rendering++;
    let html: string | undefined;
    try {
      html = await render(c, { claimId, planId, renderer, page, api });
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
  { claimId, planId, renderer, page, api }: { claimId: number; planId: number; renderer: () => Promise<Renderer | undefined>; page: () => Promise<string | undefined>; api: ApiAsVisitor },
): Promise<string | undefined> {
  const [rendererModule, template] = await Promise.all([renderer(), page()]);
  if (!rendererModule || template === undefined) return undefined;
  const locale = pageLocale(c);
  const headers = new Headers({ cookie: c.req.header("cookie") ?? "", "accept-language": locale });
  // Behind a proxy the API knows the visitor by X-Forwarded-For (its rate limits are per address).
  for (const name of ["x-forwarded-for", "x-forwarded-proto"]) {
    const value = c.req.header(name);
    if (value) headers.set(name, value);
  }
  const answers = await Promise.all(
    [`claim/${claimId}`, `plan/${planId}?claimId=${claimId}`, `lookups?lang=${locale}`].map(async (path) => {
      const response = await api(c, path, headers);
      return response.ok ? ((await response.json().catch(() => undefined)) as unknown) : undefined;
    }),
  );
  const [claim, plan, lookups] = answers;
  if (answers.includes(undefined)) return undefined;
  const url = new URL(c.req.url);
  const markup = await rendererModule.renderClaimPage(locale, url.pathname + url.search, { claim, plan, lookups }).catch((error: unknown) => {
    log.error({ err: error }, "rendering a claim page failed");
    return null;
  });
  return markup === null ? undefined : pageWithRoot(template, locale, markup, ` ${RENDERED_ROUTE_ATTRIBUTE}`);
}
