/**
 * Where the server says it lives. A URL handed to the browser (signed uploads, signed document
 * links, redirects) is root-relative, so it works at whatever address the page was opened at
 * (127.0.0.1 or localhost, a LAN address, www or not), which the page's CSP `connect-src 'self'`
 * requires. Only a URL read away from the page, a link in an email, is absolute: it starts with
 * the configured public URL, never with the request's Host header, which a client chooses. Behind
 * a trusted proxy (TRUST_PROXY) X-Forwarded-Proto says whether the browser used TLS.
 */
import type { Context } from "hono";
import ipaddr from "ipaddr.js";
import type { ServerConfig } from "../config.ts";

type UrlSettings = Pick<ServerConfig, "publicUrl" | "trustProxy">;

/** Whether the browser reached us over TLS (Secure cookies, HSTS). */
export function isHttps(c: Context, config: UrlSettings): boolean {
  if (config.trustProxy > 0) {
    const forwarded = c.req.header("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
    if (forwarded) return forwarded === "https";
  }
  if (config.publicUrl?.startsWith("https:")) return true;
  return new URL(c.req.url).protocol === "https:";
}

/**
 * Origin of the links the server sends by email: PUBLIC_URL, its scheme upgraded to https when a
 * trusted proxy says the browser came over TLS. Never for a URL in an answer to the page.
 */
export function publicOrigin(c: Context, config: UrlSettings): string {
  // startServer fills publicUrl with the listening address when none is configured.
  const url = new URL(config.publicUrl ?? "http://127.0.0.1");
  if (isHttps(c, config)) url.protocol = "https:";
  return url.origin;
}

/**
 * The client's address for rate limits, as a key: an IPv4 address, or the /64 network of an IPv6
 * one (`2001:db8:1:2::/64`; one subscriber holds a whole /64), an IPv4-mapped IPv6 address as its
 * IPv4. Without proxies (TRUST_PROXY=0) the socket's peer. Behind N proxies, the N-th
 * X-Forwarded-For entry from the right: each proxy appends the address it saw, so the entries left
 * of it are the client's own writing. A header shorter than that, or an entry that is no address,
 * falls back to the socket's peer.
 * @param socketAddress the peer of the connection; undefined when not served over a socket
 * @returns the key, or "unknown" when there is no address at all
 */
export function clientAddress(
  c: Context,
  config: Pick<ServerConfig, "trustProxy">,
  socketAddress: string | undefined,
): string {
  const hops = config.trustProxy;
  if (hops > 0) {
    // Several X-Forwarded-For lines reach us joined by ", ", in order (Node's HTTP parser).
    const entries = (c.req.header("x-forwarded-for") ?? "").split(",").map((entry) => entry.trim());
    const forwarded = entries.length >= hops ? addressKey(entries[entries.length - hops]!) : null;
    if (forwarded) return forwarded;
  }
  return (socketAddress && addressKey(socketAddress)) || "unknown";
}

/** An address as its rate-limit key (see clientAddress); null when it is not an IP address. */
function addressKey(text: string): string | null {
  // A proxy may write an IPv6 address in brackets, or an address with its port.
  const bare = text.replace(/^\[([^\]]*)\](:\d+)?$/, "$1").replace(/^(\d{1,3}(\.\d{1,3}){3}):\d+$/, "$1");
  if (!ipaddr.isValid(bare)) return null;
  const address = ipaddr.process(bare);
  if (address.kind() === "ipv4") return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${parts.join(":")}::/64`;
}
