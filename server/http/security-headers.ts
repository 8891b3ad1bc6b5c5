/**
 * Response headers every answer carries (SECURITY.md "HTTP headers on every answer"), written by
 * Hono's maintained `secure-headers` middleware: a strict Content-Security-Policy without inline
 * script, no framing, no referrer, no powerful browser features, HSTS over TLS. The portal needs:
 * its own scripts, inline styles (react-hot-toast injects a <style>), blob: workers and images (the
 * photo pipeline's worker and previews), and the maps script when a key is configured.
 * 'wasm-unsafe-eval' lets the receipt reader compile tesseract's WebAssembly from the portal's own
 * /ocr/ files; it allows WebAssembly only, not eval or new Function.
 *
 * Hono's other defaults are kept on purpose, none harms the portal: `Origin-Agent-Cluster: ?1`,
 * `X-DNS-Prefetch-Control: off` (maps and fonts hosts are reached a moment later, not leaked
 * ahead), `X-Download-Options: noopen`, `X-Permitted-Cross-Domain-Policies: none`,
 * `X-XSS-Protection: 0` (the legacy filter could itself be abused), and no `X-Powered-By`.
 * Permissions-Policy opts out of the Topics API (`browsing-topics`), the successor of the retired
 * `interest-cohort` that browsers now report as unrecognised.
 */
import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import type { ServerConfig } from "../config.ts";
import { isHttps } from "./public-url.ts";
import { HEADER_OPTIONS } from "../../contract/page-headers.ts";

// The routes that set their own start from the same options (server/routes/api-docs.ts).
export { HEADER_OPTIONS };

const HSTS = "max-age=31536000; includeSubDomains";

/**
 * The security headers of SECURITY.md on every response, HSTS only when the request came over TLS
 * (the public URL is https, or a trusted proxy says so: `isHttps`). A header a route set itself is
 * kept: the reference page sets its own CSP on its route. Mount once, before the routes.
 * @param config the public URL and how many proxies to trust
 * @returns a middleware that sets each header its handler did not set itself
 */
export function securityHeaders(
  config: Pick<ServerConfig, "publicUrl" | "trustProxy">,
  uploadOrigin?: string,
): MiddlewareHandler {
  // With object storage the page PUTs each file straight to the bucket's presigned URL.
  const options = uploadOrigin
    ? {
        ...HEADER_OPTIONS,
        contentSecurityPolicy: {
          ...HEADER_OPTIONS.contentSecurityPolicy,
          connectSrc: [...HEADER_OPTIONS.contentSecurityPolicy.connectSrc, uploadOrigin],
        },
      }
    : HEADER_OPTIONS;
  const overTls = secureHeaders({ ...options, strictTransportSecurity: HSTS });
  const plain = secureHeaders({ ...options, strictTransportSecurity: false });
  return (c, next) => (isHttps(c, config) ? overTls : plain)(c, next);
}

/**
 * `Cache-Control: no-store` on every answer whose handler chose no caching of its own (SECURITY.md:
 * API answers hold someone's claim; only the lookup lists say otherwise). Mount on the API's routes.
 * @returns a middleware that sets the header after the handler ran, if absent
 */
export function noStore(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "no-store");
  };
}
