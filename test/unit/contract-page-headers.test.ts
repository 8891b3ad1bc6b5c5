/**
 * The security headers both sides send (contract/page-headers.ts), as a browser receives them
 * through Hono's secure-headers: what SECURITY.md ("HTTP headers on every answer") promises.
 */
import { Hono } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { describe, expect, it } from "vitest";
import { HEADER_OPTIONS } from "../../contract/page-headers.ts";

async function headersOf(handler: (app: Hono) => void = (app) => app.get("/", (c) => c.text("ok"))): Promise<Headers> {
  const app = new Hono();
  app.use(secureHeaders(HEADER_OPTIONS));
  handler(app);
  return (await app.request("/")).headers;
}

/** The policy's directives, by name. */
function directives(policy: string | null): Map<string, string[]> {
  return new Map(
    (policy ?? "")
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );
}

describe("the security headers", () => {
  it("let scripts come from the portal and the maps host only, with no inline script and no eval", async () => {
    const policy = directives((await headersOf()).get("content-security-policy"));
    expect(policy.get("default-src")).toEqual(["'self'"]);
    expect(policy.get("script-src")).toEqual(["'self'", "'wasm-unsafe-eval'", "https://maps.googleapis.com"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'none'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
    expect(policy.get("worker-src")).toEqual(["'self'", "blob:"]);
    expect(policy.get("connect-src")).toEqual(["'self'", "https://maps.googleapis.com"]);
    expect(policy.get("img-src")).toEqual([
      "'self'",
      "blob:",
      "data:",
      "https://maps.googleapis.com",
      "https://maps.gstatic.com",
    ]);
    expect(policy.get("style-src")).toEqual(["'self'", "'unsafe-inline'", "https://fonts.googleapis.com"]);
    expect(policy.get("font-src")).toEqual(["'self'", "https://fonts.gstatic.com"]);
  });

  it("refuse framing, referrers, other origins' windows and reads, and every powerful feature", async () => {
    const headers = await headersOf();
    expect(headers.get("x-frame-options")).toBe("DENY");
    expect(headers.get("referrer-policy")).toBe("no-referrer");
    expect(headers.get("cross-origin-opener-policy")).toBe("same-origin");
    expect(headers.get("cross-origin-resource-policy")).toBe("same-origin");
    expect(headers.get("permissions-policy")).toBe(
      "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
    );
  });

  it("leave a handler's own policy in place (a stored file's sandbox)", async () => {
    const headers = await headersOf((app) =>
      app.get("/", (c) => {
        c.header("Content-Security-Policy", "sandbox");
        return c.text("file");
      }),
    );
    expect(headers.get("content-security-policy")).toBe("sandbox");
  });
});
