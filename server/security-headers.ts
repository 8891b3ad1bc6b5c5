/**
 * Response headers every answer carries (SECURITY.md): a strict Content-Security-Policy without
 * inline script, no framing, no referrer, no powerful browser features, HSTS over TLS. The portal
 * needs: its own scripts, inline styles (react-hot-toast injects a <style>), blob: workers and
 * images (the photo pipeline's worker and previews), and the maps script when a key is configured.
 * 'wasm-unsafe-eval' lets the receipt reader (issue 15) compile tesseract's WebAssembly from the
 * portal's own /ocr/ files; it allows WebAssembly only, not eval or new Function.
 */
import type { MiddlewareHandler } from "hono";
import type { ServerConfig } from "./config.ts";
import { isHttps } from "./public-url.ts";

const MAPS = "https://maps.googleapis.com";

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' 'wasm-unsafe-eval' ${MAPS}`,
  "style-src 'self' 'unsafe-inline' https://fonts.googleapis.com",
  `img-src 'self' blob: data: ${MAPS} https://maps.gstatic.com`,
  "font-src 'self' https://fonts.gstatic.com",
  `connect-src 'self' ${MAPS}`,
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** Sets the security headers on every response, and no-store on API answers. */
export function securityHeaders(config: Pick<ServerConfig, "publicUrl" | "trustProxy">, apiPrefix: string): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    h.set("Content-Security-Policy", CONTENT_SECURITY_POLICY);
    h.set("X-Content-Type-Options", "nosniff");
    h.set("X-Frame-Options", "DENY");
    h.set("Referrer-Policy", "no-referrer");
    h.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()");
    h.set("Cross-Origin-Opener-Policy", "same-origin");
    if (!h.has("Cross-Origin-Resource-Policy")) h.set("Cross-Origin-Resource-Policy", "same-origin");
    if (isHttps(c, config)) h.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    if (c.req.path.startsWith(`${apiPrefix}/`) && !h.has("Cache-Control")) h.set("Cache-Control", "no-store");
  };
}
