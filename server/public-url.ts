/**
 * Where the server says it lives: every URL it hands out (signed uploads, signed document links)
 * starts with the configured public URL, never with the request's Host header, which a client
 * chooses. Behind a trusted proxy (TRUST_PROXY) X-Forwarded-Proto says whether the browser used TLS.
 */
import type { Context } from "hono";
import type { ServerConfig } from "./config.ts";

type UrlSettings = Pick<ServerConfig, "publicUrl" | "trustProxy">;

/** Whether the browser reached us over TLS (Secure cookies, HSTS). */
export function isHttps(c: Context, config: UrlSettings): boolean {
  if (config.trustProxy) {
    const forwarded = c.req.header("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
    if (forwarded) return forwarded === "https";
  }
  if (config.publicUrl?.startsWith("https:")) return true;
  return new URL(c.req.url).protocol === "https:";
}

/**
 * Origin of the URLs the server hands out: PUBLIC_URL, its scheme upgraded to https when a trusted
 * proxy says the browser came over TLS.
 */
export function publicOrigin(c: Context, config: UrlSettings): string {
  // startServer fills publicUrl with the listening address when none is configured.
  const url = new URL(config.publicUrl ?? "http://127.0.0.1");
  if (isHttps(c, config)) url.protocol = "https:";
  return url.origin;
}

/**
 * The client's address for rate limits: the socket's peer, or with TRUST_PROXY the left-most
 * X-Forwarded-For entry (what the proxy saw).
 */
export function clientAddress(c: Context, config: Pick<ServerConfig, "trustProxy">, socketAddress: string | undefined): string {
  if (config.trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded.slice(0, 64);
  }
  return socketAddress ?? "unknown";
}
