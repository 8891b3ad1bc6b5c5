/**
 * Read-only document storage (SPEC.md section 3 "Document": base + prefix +
 * claims_documentation/CL-{claimId}/photos-consumer/{fileName}; the prefix is empty for FPP claims
 * and `ace/` for ACE claims). No API key (an <img> cannot send one): a claim's files are served
 * only to the session that owns the claim (SECURITY.md) or through a short-lived signed GET URL
 * (`?expires&sig`, handed out by GET /documents/{docId}/download-url); anyone else, and a URL
 * expired, altered or signed for another file, gets the same 404 as for a missing file. Only names
 * we could have stored are served, so no path can leave the claim's folder. A contact-service request's files are reached by its random request id, as its calls are.
 */
import { Hono, type Context } from "hono";
import { CONTENT_TYPES, kindOfName } from "../../contract/upload-rules.ts";
import type { AppDeps } from "../app-deps.ts";
import { isStoredName } from "../storage/file-names.ts";
import type { PlanFamily } from "../domain/plan-family.ts";
import { STORAGE_PREFIX, claimDocumentPath, claimDocumentUrlPath, contactDocumentPath } from "../storage/storage.ts";
import { ownerOf } from "../http/session.ts";
import { signedParams, verifyRequest } from "../http/url-signing.ts";
import { idOf } from "../http/validate.ts";
import { FILE_NAME, documented, optional } from "../openapi/route-doc.ts";

/** Routes of stored documents, to mount at the root. */
export function storageRoutes({ storage, db, config }: AppDeps): Hono {
  const app = new Hono();
  const missing = { message: "Not found", code: "FILE_NOT_FOUND" };

  const serve = async (c: Context, family: PlanFamily): Promise<Response> => {
    const folder = c.req.param("folder") ?? "";
    const fileName = c.req.param("fileName") ?? "";
    const claimId = folder.startsWith("CL-") ? idOf(folder.slice(3)) : null;
    if (claimId === null || !isStoredName(fileName)) return c.json(missing, 404);
    const allowed =
      c.req.query("sig") === undefined
        ? await ownerOf(c).ownsClaim(db, claimId)
        : signedFor(c, claimDocumentUrlPath(claimId, fileName, family));
    if (!allowed) return c.json(missing, 404);
    return send(c, claimDocumentPath(claimId, fileName, family), fileName);
  };

  /** A signed GET URL (its signature over exactly this path, not expired) opens the file to anyone holding it. */
  const signedFor = (c: Context, path: string): boolean => {
    const { expires, sig } = signedParams((name) => c.req.query(name));
    return (
      verifyRequest(config.uploadSecret, { method: "GET", path, expires }, sig, Math.floor(Date.now() / 1000)) === "ok"
    );
  };

  const send = async (c: Context, path: string, fileName: string): Promise<Response> => {
    const size = await storage.size(path);
    if (size === null) return c.json(missing, 404);
    const headers = {
      "Content-Type": CONTENT_TYPES[kindOfName(fileName)!],
      "Content-Length": String(size),
      // Served as exactly what the bytes were checked to be, never sniffed into something else.
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, max-age=300",
      // A PDF is downloaded, never rendered on the portal's origin; photos show inline.
      "Content-Disposition": `${kindOfName(fileName) === "pdf" ? "attachment" : "inline"}; filename="${fileName}"`,
      "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    };
    // HEAD must not open the file: Hono drops the body, and an unread stream would hold it open.
    if (c.req.method === "HEAD") return c.body(null, 200, headers);
    return c.body(await storage.read(path), 200, headers);
  };
  for (const family of ["fpp", "ace"] as const) {
    const prefix = STORAGE_PREFIX[family];
    app.get(
      `/storage/${prefix}claims_documentation/:folder/photos-consumer/:fileName`,
      documented({
        id: `storage_${prefix ? "ace" : "fpp"}_document`,
        tag: "Storage",
        summary: `A stored ${prefix ? "ACE" : "FPP"} claim document`,
        description:
          "To the session owning the claim, or to anyone with a download URL's `expires` and `sig`. Anything else is 404.",
        access: "owner-or-signed",
        params: {
          folder: { type: "string", pattern: "^CL-\\d{1,16}$", description: "CL-{claimId}" },
          fileName: FILE_NAME,
        },
        query: { expires: optional({ type: "string" }), sig: optional({ type: "string" }) },
        answer: "file",
        errors: [404],
      }),
      (c) => serve(c, family),
    );
  }

  // A contact-service request's documents: contact_service/{requestId}/{fileName}.
  app.get(
    "/storage/contact_service/:requestId/:fileName",
    documented({
      id: "storage_contact_document",
      tag: "Storage",
      summary: "A stored contact-request document",
      description: "Reached by the request's random id.",
      access: "public",
      params: { requestId: { type: "string" }, fileName: FILE_NAME },
      answer: "file",
      errors: [404],
    }),
    async (c): Promise<Response> => {
      const requestId = c.req.param("requestId") ?? "";
      const fileName = c.req.param("fileName") ?? "";
      if (!/^[A-Za-z0-9-]{8,64}$/.test(requestId) || !isStoredName(fileName)) return c.json(missing, 404);
      return send(c, contactDocumentPath(requestId, fileName), fileName);
    },
  );

  app.all("/storage/*", (c) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") return c.json(missing, 404);
    return c.json({ message: "Method not allowed", code: "METHOD_NOT_ALLOWED" }, 405, { Allow: "GET, HEAD" });
  });

  return app;
}
