/**
 * The API's description: the OpenAPI document (server/openapi/document.ts) at
 * /api/v1/openapi.json, and the reference page at /api/docs (`@scalar/hono-api-reference`).
 * Both without the API key: the document is public information, and the page fetches it from a
 * browser that holds no key. The page's script is Scalar's standalone bundle served from our
 * own origin, never a CDN, so the page works offline and under its own CSP naming only 'self'.
 */
import { existsSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Scalar } from "@scalar/hono-api-reference";
import { Hono } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";
import { HEADER_OPTIONS } from "../http/security-headers.ts";
import type { Json } from "../openapi/json-schema.ts";
import { documented } from "../openapi/route-doc.ts";

/** Where the document is served (under the API's prefix, exempt from its key). */
const OPENAPI_PATH = "/api/v1/openapi.json";
/** Where the reference page is served. */
const API_DOCS_PATH = "/api/docs";
const SCRIPT_PATH = `${API_DOCS_PATH}/scalar.js`;

/**
 * Scalar's package: its folder and package.json, found from its entry (the package exports no
 * package.json to resolve directly). Its `browser` field names the standalone bundle.
 */
function scalarPackage(name = "@scalar/api-reference"): { root: string; browser: string; version: string } {
  for (let root = dirname(createRequire(import.meta.url).resolve(name)); root !== dirname(root); root = dirname(root)) {
    const file = join(root, "package.json");
    const pkg = existsSync(file)
      ? (JSON.parse(readFileSync(file, "utf8")) as { name?: string; browser: string; version: string })
      : undefined;
    if (pkg?.name === name) return { root, browser: pkg.browser, version: pkg.version };
  }
  throw new Error(`${name}: no package.json above its entry`);
}
const SCALAR = scalarPackage();
const SCRIPT_FILE = join(SCALAR.root, SCALAR.browser);

/**
 * The reference page's own policy, as tight as Scalar's page allows: its one inline start-up script
 * runs by the request's nonce, its bundle comes from 'self' (never a CDN), it fetches only the
 * document and, for a test request, our own API ('self'). Styles need 'unsafe-inline': the bundle
 * writes its styles and style attributes at run time. The other headers are the portal's; HSTS is
 * left to the global middleware (server/http/security-headers.ts), which adds it over TLS and keeps
 * every header set here.
 */
const docsHeaders = secureHeaders({
  ...HEADER_OPTIONS,
  strictTransportSecurity: false,
  contentSecurityPolicy: {
    defaultSrc: ["'none'"],
    scriptSrc: ["'self'", NONCE],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:"],
    fontSrc: ["'self'", "data:"],
    connectSrc: ["'self'"],
    baseUri: ["'none'"],
    formAction: ["'none'"],
    frameAncestors: ["'none'"],
  },
});

/**
 * Routes of the document and the reference page, to mount at the root.
 * @param describe makes the document (document.ts over the whole app), once, at the first call
 */
export function apiDocsRoutes(describe: () => Promise<Json>): Hono {
  const app = new Hono();
  let document: Promise<string> | undefined;
  let script: Promise<Buffer> | undefined;

  app.get(
    OPENAPI_PATH,
    documented({
      id: "openapi",
      tag: "Reference",
      summary: "This document",
      access: "public",
      answer: "document",
      errors: [],
    }),
    async (c) => {
      document ??= describe().then((json) => JSON.stringify(json));
      c.header("Cache-Control", "public, max-age=300");
      c.header("Content-Type", "application/json; charset=UTF-8");
      return c.body(await document);
    },
  );

  // Its URL names the bundle's version, so a year's cache never serves an old one after an upgrade.
  app.get(
    SCRIPT_PATH,
    documented({
      id: "api_docs_script",
      tag: "Reference",
      summary: "The reference page's script",
      access: "public",
      answer: "script",
      errors: [],
    }),
    async (c) => {
      script ??= readFile(SCRIPT_FILE);
      return c.body(new Uint8Array(await script), 200, {
        "Content-Type": "text/javascript; charset=utf-8",
        "Cache-Control": "public, max-age=31536000, immutable",
      });
    },
  );

  app.get(
    API_DOCS_PATH,
    documented({
      id: "api_docs",
      tag: "Reference",
      summary: "The API reference page",
      access: "public",
      answer: "html",
      errors: [],
    }),
    docsHeaders,
    Scalar((c) => ({
      url: OPENAPI_PATH,
      cdn: `${SCRIPT_PATH}?v=${SCALAR.version}`,
      // The inline start-up script runs under the page's nonce (secure-headers' NONCE).
      nonce: c.get("secureHeadersNonce"),
      pageTitle: "Claims portal reference API",
      // Nothing leaves our origin: no font CDN, no telemetry, none of Scalar's hosted extras (its AI
      // agent, MCP and developer tools, which call scalar.com).
      withDefaultFonts: false,
      telemetry: false,
      agent: { disabled: true },
      mcp: { disabled: true },
      showDeveloperTools: "never",
    })),
  );

  return app;
}
