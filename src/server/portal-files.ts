/**
 * How the built portal's files are sent: the gzip or brotli copy the build wrote
 * beside each file (scripts/compressed-copies.ts) when the browser accepts it, and the content-hashed
 * files under /assets/ and the versioned OCR files under /ocr/ cached for a year, as they never
 * change under their name; anything else (index.html) is revalidated, so a new deployment is
 * picked up at once. The prerendered pages are sent the same way (src/server/welcome-page.ts).
 */
import { serveStatic } from "@hono/node-server/serve-static";
import type { MiddlewareHandler } from "hono";

const HASHED = /^\/assets\/.+-[\w-]{8}\.\w+$/;
/** The OCR files: their folder names the versions they come from (src/invoice/ocr-files.ts). */
const VERSIONED = /^\/ocr\/\d+\.\d+\.\d+-\d+\.\d+\.\d+-\d+\.\d+\.\d+\//;

/** The built files under `root`; calls the next handler when there is none for the path. */
export function portalFiles(root: string): MiddlewareHandler {
  return serveStatic({
    root,
    precompressed: true,
    onFound: (_path, c) => {
      c.header(
        "Cache-Control",
        HASHED.test(c.req.path) || VERSIONED.test(c.req.path) ? "public, max-age=31536000, immutable" : "no-cache",
      );
    },
  });
}
