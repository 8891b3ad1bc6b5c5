/**
 * Response headers every answer carries (SECURITY.md): a strict Content-Security-Policy without
 * inline script, no framing, no referrer, no powerful browser features, HSTS over TLS. The portal
 * needs: its own scripts, inline styles (react-hot-toast injects a <style>), blob: workers and
 * images (the photo pipeline's worker and previews), and the maps script when a key is configured.
 * 'wasm-unsafe-eval' lets the receipt reader compile tesseract's WebAssembly from the
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

/**
 * Sets the security headers on every response that its handler did not set itself, and no-store
 * on API answers. A handler's own value wins: a stored file carries a CSP of its own (`sandbox`,
 * no scripts at all) that the portal's page policy must not replace.
 */
export function securityHeaders(config: Pick<ServerConfig, "publicUrl" | "trustProxy">, apiPrefix: string): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    const setIfAbsent = (name: string, value: string) => {
      if (!h.has(name)) h.set(name, value);
    };
    setIfAbsent("Content-Security-Policy", CONTENT_SECURITY_POLICY);
    setIfAbsent("X-Content-Type-Options", "nosniff");
    setIfAbsent("X-Frame-Options", "DENY");
    setIfAbsent("Referrer-Policy", "no-referrer");
    setIfAbsent("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()");
    setIfAbsent("Cross-Origin-Opener-Policy", "same-origin");
    setIfAbsent("Cross-Origin-Resource-Policy", "same-origin");
    if (isHttps(c, config)) setIfAbsent("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    if (c.req.path.startsWith(`${apiPrefix}/`)) setIfAbsent("Cache-Control", "no-store");
  };
}
