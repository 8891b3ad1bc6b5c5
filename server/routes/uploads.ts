/**
 * The signed upload PUTs of claim and contact-service documents (DESIGN.md "The reference claims
 * API"; SPEC.md sections 5 and 9 upload rules). Authorised by their signature like an S3 presigned
 * URL, not by the API key (server/app.ts mounts them ahead of it); each works once, for the
 * declared type and size, checked for real type (server/storage/upload-requests.ts). A claim
 * deleted or submitted while the bytes came in keeps no file: the claim is checked again, under
 * its lock, after the file is written.
 */
import { Hono, type Context } from "hono";
import { SUCCEED, messageSchema } from "../../contract/schemas.ts";
import type { AppDeps } from "../app-deps.ts";
import { lockDraftClaim } from "../domain/claim-guards.ts";
import { lockOpenRequest } from "../domain/contact-requests.ts";
import { Refusal } from "../domain/refusals.ts";
import type { PlanFamily } from "../domain/plan-family.ts";
import { claimDocumentPath, claimFolder, contactDocumentPath } from "../storage/storage.ts";
import { receiveUpload } from "../storage/upload-requests.ts";
import { incomingPut } from "../http/incoming-put.ts";
import { contactUploadPath, uploadPath } from "../storage/upload-grants.ts";
import { idOf } from "../http/validate.ts";
import { FILE_NAME, REQUEST_ID, UPLOAD_QUERY, documented } from "../openapi/route-doc.ts";

/** Routes of signed uploads, to mount under /api/v1. */
export function uploadRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  const { db, storage } = deps;

  for (const family of ["fpp", "ace"] as const) {
    app.put(
      uploadPath(family, ":claimId", ":fileName"),
      documented({
        id: family === "ace" ? "ace_upload" : "upload",
        tag: family === "ace" ? "ACE claims" : "Documents",
        summary: "Upload the file (the signed URL)",
        access: "signed",
        params: { fileName: FILE_NAME },
        query: UPLOAD_QUERY,
        description:
          "Works once, with the Content-Type the URL was issued for; the bytes must be PNG, JPEG or PDF as the name says.",
        body: "file",
        answer: messageSchema,
        errors: [400, 403, 404, 409, 413, 415],
      }),
      (c) => receive(c, family),
    );
  }

  app.put(
    contactUploadPath(":requestId", ":fileName"),
    documented({
      id: "contact_service_upload",
      tag: "Contact service",
      summary: "Upload the file (the signed URL)",
      access: "signed",
      params: { requestId: REQUEST_ID, fileName: FILE_NAME },
      query: UPLOAD_QUERY,
      body: "file",
      answer: messageSchema,
      errors: [400, 403, 409, 413, 415],
      limit: "contactUploadPerAddress",
    }),
    async (c) => {
      const requestId = c.req.param("requestId") ?? "";
      const fileName = c.req.param("fileName") ?? "";
      // A request id no URL could name fails the signature check before it reaches the database.
      const bytes = await receiveUpload(
        incomingPut(c),
        deps,
        { path: contactUploadPath(requestId, fileName), fileName },
        (tx) => lockOpenRequest(tx, requestId),
      );
      await storage.write(contactDocumentPath(requestId, fileName), bytes);
      return c.json({ message: SUCCEED });
    },
  );

  async function receive(c: Context, family: PlanFamily): Promise<Response> {
    const fileName = c.req.param("fileName") ?? "";
    // A malformed claim id is signed by no URL: the signature check refuses it.
    const claimId = idOf(c.req.param("claimId")) ?? 0;
    const bytes = await receiveUpload(
      incomingPut(c),
      deps,
      { path: uploadPath(family, claimId, fileName), fileName },
      (tx) => lockDraftClaim(tx, claimId, family),
    );
    const path = claimDocumentPath(claimId, fileName, family);
    // A write racing delete_draft_claim's removal of the folder may fail; the check below says why.
    const writeFailure = await storage.write(path, bytes).then(
      () => null,
      (error: unknown) => error ?? new Error("write failed"),
    );
    const refusal = await db
      .transaction((tx) => lockDraftClaim(tx, claimId, family))
      .then(
        () => null,
        (error: unknown) => error,
      );
    if (refusal) {
      // Deleted while the bytes came in: the claim's folder goes, as delete_draft_claim's did.
      // Submitted meanwhile: the file could never be linked.
      const gone = refusal instanceof Refusal && refusal.kind === "notFound";
      await (gone ? storage.removeTree(claimFolder(claimId, family)) : storage.remove(path));
      throw refusal;
    }
    if (writeFailure) throw writeFailure;
    return c.json({ message: SUCCEED });
  }

  return app;
}
