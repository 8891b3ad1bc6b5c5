/**
 * The portal host on its own (`npm run portal`): the built portal in front of a claims API at
 * PORTAL_API_URL, the reference API run apart (`npm run server`) or any other. The claims API's
 * addresses (/api/*, /storage/*) and its signed links (any address with `sig=`) are passed through
 * to it as a reverse proxy would (hono/proxy), so the browser's calls, its session cookie and the
 * claim pages this host renders all meet the API on the portal's one origin.
 *
 * Settings (environment): PORTAL_API_URL, the API's base URL (`http://127.0.0.1:8787/api/v1`;
 * required); API_KEY, the portal's key (`demo-key`); STATIC_DIR, the build (`dist`); HOST and PORT
 * (`127.0.0.1`, `8080`); UPLOAD_ORIGIN, the bucket's origin when the API hands out upload URLs
 * straight to it (the pages' Content-Security-Policy must let them PUT there).
 * The API behind counts this host as one proxy more (its TRUST_PROXY).
 */
import { resolve } from "node:path";
import { serve } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import { Hono, type Context } from "hono";
import { proxy } from "hono/proxy";
import { secureHeaders } from "hono/secure-headers";
import { pino } from "pino";
import * as v from "valibot";
import { HEADER_OPTIONS } from "../../contract/page-headers.ts";
import { isCrossSiteLink } from "./link-hand-over.ts";
import { createPortalHost, isApiPath } from "./portal-host.ts";

const settings = v.parse(
  v.object({
    PORTAL_API_URL: v.pipe(
      v.string("PORTAL_API_URL must name the claims API's base URL"),
      v.url(),
      v.transform((url) => url.replace(/\/+$/, "")),
    ),
    API_KEY: v.optional(v.pipe(v.string(), v.nonEmpty()), "demo-key"),
    STATIC_DIR: v.optional(v.pipe(v.string(), v.nonEmpty()), "dist"),
    HOST: v.optional(v.pipe(v.string(), v.nonEmpty()), "127.0.0.1"),
    PORT: v.optional(v.pipe(v.string(), v.regex(/^\d{1,5}$/), v.toNumber(), v.maxValue(65535)), "8080"),
    UPLOAD_ORIGIN: v.optional(
      v.pipe(
        v.string(),
        v.url(),
        v.transform((url) => new URL(url).origin),
      ),
    ),
  }),
  process.env,
);

const log = pino({ base: undefined, level: process.env.LOG_LEVEL ?? "info" });
const apiOrigin = new URL(settings.PORTAL_API_URL).origin;

/** The visitor's X-Forwarded-For with its address added, as a proxy in front of the API writes it. */
function forwardedFor(c: Context): string {
  const address = getConnInfo(c).remote.address ?? "";
  const before = c.req.header("x-forwarded-for");
  return before ? `${before}, ${address}` : address;
}

const policy = HEADER_OPTIONS.contentSecurityPolicy;
const connectSrc = settings.UPLOAD_ORIGIN ? [...policy.connectSrc, settings.UPLOAD_ORIGIN] : policy.connectSrc;
const app = new Hono();
// The API's own answers pass through with its headers; the host's pages get the portal's. A signed
// link goes to the API, which grants it to the session, unless it comes from another site
// without the session (the host's hand-over page reopens it from ours first).
const isProxied = (c: Context) =>
  isApiPath(c.req.path) || (c.req.query("sig") !== undefined && !isCrossSiteLink(c.req));
app.all("*", async (c, next) => {
  if (!isProxied(c)) return next();
  const url = new URL(c.req.url);
  const answer = await proxy(`${apiOrigin}${url.pathname}${url.search}`, {
    raw: c.req.raw,
    // The API's redirects (a signed link's, with the session it grants) are the browser's to follow.
    redirect: "manual",
    headers: {
      ...c.req.header(),
      "x-forwarded-for": forwardedFor(c),
      "x-forwarded-proto": c.req.header("x-forwarded-proto") ?? url.protocol.slice(0, -1),
      host: undefined,
    },
  });
  // A signed link the API has no answer for (its searches' window is full, so nothing was checked)
  // is the portal's page at the link's own address, as in one process: the page's call says how
  // long to wait, and a reload after it brings the whole link back.
  if (answer.status === 404 && !isApiPath(c.req.path)) return next();
  return answer;
});
app.use("*", secureHeaders({ ...HEADER_OPTIONS, contentSecurityPolicy: { ...policy, connectSrc } }));
app.route(
  "/",
  createPortalHost({
    root: resolve(settings.STATIC_DIR),
    api: { baseUrl: () => settings.PORTAL_API_URL, key: settings.API_KEY, forwardedFor },
    onRenderError: (error) => log.error({ err: error }, "rendering a claim page failed"),
  }),
);

const server = serve({ fetch: app.fetch, hostname: settings.HOST, port: settings.PORT }, (info) => {
  log.info(
    { api: settings.PORTAL_API_URL, portal: settings.STATIC_DIR },
    `Portal listening on http://${settings.HOST}:${info.port}`,
  );
});
const stop = () => server.close(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
