/**
 * The signed upload PUT (DESIGN.md "The reference claims API"; SPEC.md sections 5 and 9 upload
 * rules). Authorised by its signature like an S3 presigned URL, not by the API key. The bytes are
 * checked for size and real type before anything is stored.
 */
import { Hono, type Context } from "hono";
import { SUCCEED } from "../../contract/schemas.ts";
import { MAX_UPLOAD_BYTES, detectKind } from "../../contract/upload-rules.ts";
import type { AppDeps } from "../app-deps.ts";
import { lockDraftClaim } from "../claim-guards.ts";
import { isStoredName, kindOfName } from "../file-names.ts";
import { HttpError, closingConnection } from "../http-errors.ts";
import type { PlanFamily } from "../plan-family.ts";
import { STORAGE_PREFIX, claimDocumentPath } from "../storage.ts";
import { verifyUpload } from "../upload-signing.ts";
import { idOf } from "../validation.ts";

/** Path of uploads under /api/v1; the API-key check exempts PUTs below it. */
export const UPLOAD_PATH_PREFIX = "/uploads/";

/**
 * Upload path of a claim's file under /api/v1: `/uploads/{claimId}/{fileName}` for FPP claims,
 * `/uploads/ace/{claimId}/{fileName}` for ACE claims (the storage prefix, also signed).
 */
export function uploadPath(family: PlanFamily, claimId: number | string, fileName: string): string {
  return `${UPLOAD_PATH_PREFIX}${STORAGE_PREFIX[family]}${claimId}/${fileName}`;
}

const TOO_BIG = new HttpError(413, { code: "FILE_TOO_BIG", message: `File is larger than ${MAX_UPLOAD_BYTES} bytes` });

/** Routes of signed uploads, to mount under /api/v1. */
export function uploadRoutes({ db, storage, config }: AppDeps): Hono {
  const app = new Hono();

  for (const family of ["fpp", "ace"] as const) {
    app.put(uploadPath(family, ":claimId", ":fileName"), (c) => receive(c, family));
  }

  async function receive(c: Context, family: PlanFamily): Promise<Response> {
    const fileName = c.req.param("fileName") ?? "";
    let bytes: Uint8Array | null;
    let claimId: number;
    try {
      claimId = await authorise(c, fileName, family);
      // Refuse early on the declared size; the read below enforces it on the real bytes.
      if (Number(c.req.header("content-length") ?? 0) > MAX_UPLOAD_BYTES) throw TOO_BIG;
      bytes = await readAtMost(c.req.raw.body, MAX_UPLOAD_BYTES);
      if (!bytes) throw TOO_BIG;
    } catch (error) {
      throw closingConnection(error);
    }
    const kind = detectKind(bytes);
    if (!kind) throw new HttpError(415, { code: "UNSUPPORTED_TYPE", message: "Only PNG, JPEG and PDF files are accepted" });
    if (kind !== kindOfName(fileName)) {
      throw new HttpError(415, { code: "TYPE_MISMATCH", message: `The file is ${kind.toUpperCase()}, not what its name says` });
    }
    await storage.write(claimDocumentPath(claimId, fileName, family), bytes);
    return c.json({ message: SUCCEED });
  }

  /**
   * Checks the signature (which covers the family's storage prefix), its expiry, and that the
   * claim is still a draft of that family.
   * @returns the claim id
   * @throws HttpError 403 BAD_SIGNATURE or URL_EXPIRED, 404 CLAIM_NOT_FOUND, 409 WRONG_PLAN_TYPE, 409 CLAIM_NOT_DRAFT
   */
  async function authorise(c: Context, fileName: string, family: PlanFamily): Promise<number> {
    const claimId = idOf(c.req.param("claimId")) ?? 0;
    const expiresText = c.req.query("expires") ?? "";
    const expires = /^\d{1,12}$/.test(expiresText) ? Number(expiresText) : 0;
    const verdict = claimId > 0 && expires > 0 && isStoredName(fileName)
      ? verifyUpload(config.uploadSecret, { claimId, fileName, expires, prefix: STORAGE_PREFIX[family] }, c.req.query("sig") ?? "", Math.floor(Date.now() / 1000))
      : "bad";
    if (verdict === "bad") throw new HttpError(403, { code: "BAD_SIGNATURE", message: "Invalid upload signature" });
    if (verdict === "expired") throw new HttpError(403, { code: "URL_EXPIRED", message: "Upload URL has expired" });
    await lockDraftClaim(db, claimId, family);
    return claimId;
  }

  return app;
}

/**
 * Reads a body up to a limit, stopping as soon as it is exceeded.
 * @returns the bytes, or null when there are more than `limit`
 */
export async function readAtMost(body: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array | null> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}
