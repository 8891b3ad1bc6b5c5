/**
 * The small shared rules of contract/: what a masked contact detail looks like to a consumer, which
 * files an upload takes, the claim-status and finish-later payloads, the language a tag names, and
 * the wire codes a client branches on (docs/api.md). Written beside the mutation run
 * (docs/qa/mutation.md): the server suites check most of these through HTTP, which that run leaves out.
 */
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  CHALLENGE_ALGORITHM,
  CHALLENGE_HEADER,
  CHALLENGE_REQUIRED,
  CHALLENGE_STATUS,
  challengeAnswerSchema,
  challengePayloadSchema,
} from "../../contract/challenge.ts";
import {
  BUSINESS_DAYS_TO_NEXT,
  CLAIM_NUMBER,
  CLAIM_STEPS,
  STATUS_OF_STEP,
  claimStatusQuerySchema,
  claimStatusResponseSchema,
  staffClaimStatusRequestSchema,
} from "../../contract/claim-status.ts";
import { isMaskedValue, maskedEmail, maskedPhone, maskedStreet } from "../../contract/contact-masks.ts";
import {
  FINISH_LATER_CODES,
  finishLaterAnswerSchema,
  finishLaterQuerySchema,
  finishLaterRequestSchema,
  finishLaterTargetSchema,
} from "../../contract/finish-later.ts";
import {
  LANGUAGE_COOKIE,
  LANGUAGE_QUERY,
  languageCookie,
  languageCookieToKeep,
  localeOf,
} from "../../contract/locales.ts";
import { REFUSAL_CODES } from "../../contract/refusal-codes.ts";
import { MAX_ID } from "../../contract/schemas.ts";
import {
  PICKED_EXTENSIONS,
  STORED_EXTENSIONS,
  CONTENT_TYPES,
  MAX_CLAIM_BYTES,
  MAX_CONTACT_REQUEST_BYTES,
  MAX_DOCUMENTS_PER_CLAIM_ITEM,
  MAX_DOCUMENTS_PER_CONTACT_REQUEST,
  MAX_UPLOAD_BYTES,
  PICKER_ACCEPT,
  checkUpload,
  contentTypeFor,
  detectKind,
  extensionOf,
} from "../../contract/upload-rules.ts";

const ok = (schema: v.GenericSchema, input: unknown) => v.safeParse(schema, input).success;
const messages = (schema: v.GenericSchema, input: unknown) =>
  (v.safeParse(schema, input).issues ?? []).map((issue) => issue.message);

describe("masked contact details (SECURITY.md)", () => {
  it("shows the first letter and the domain of an email, hides one without a name or @ whole", () => {
    expect(maskedEmail(" maria.lopez@example.com ")).toBe("m•••@example.com");
    expect(maskedEmail("a@b@example.com")).toBe("a•••@example.com");
    expect(maskedEmail("@example.com")).toBe("•••");
    expect(maskedEmail("maria")).toBe("•••");
    expect(maskedEmail("  ")).toBe("");
  });

  it("shows a phone's last four digits, whatever its formatting, and hides a short one whole", () => {
    expect(maskedPhone("(713) 555-0142")).toBe("•••-0142");
    expect(maskedPhone("0142")).toBe("•••-0142");
    expect(maskedPhone("142")).toBe("•••");
    // Formatting does not count as digits: three digits with separators are still hidden whole.
    expect(maskedPhone("1-4 2")).toBe("•••");
    expect(maskedPhone("713.555.0142 ")).toBe("•••-0142");
    expect(maskedPhone(" ")).toBe("");
  });

  it("hides a street address whole and tells a masked value from a typed one", () => {
    expect(maskedStreet("1 Main St")).toBe("•••");
    expect(maskedStreet(" ")).toBe("");
    expect(isMaskedValue(maskedPhone("7135550142"))).toBe(true);
    expect(isMaskedValue("7135550142")).toBe(false);
  });
});

describe("upload rules (SPEC.md sections 5 and 9)", () => {
  it("takes PNG, JPEG and PDF names up to 10 MB, refusing other names before any upload", () => {
    expect(checkUpload({ name: "sofa.JPG", size: MAX_UPLOAD_BYTES })).toBeNull();
    expect(checkUpload({ name: "scan.pdf", size: MAX_UPLOAD_BYTES })).toBeNull();
    expect(checkUpload({ name: "scan.pdf", size: MAX_UPLOAD_BYTES + 1 })).toBe("tooBig");
    // A photo over the limit is made smaller before upload, a HEIC one made JPEG.
    expect(checkUpload({ name: "sofa.jpeg", size: MAX_UPLOAD_BYTES + 1 })).toBeNull();
    expect(checkUpload({ name: "IMG_1.HEIC", size: MAX_UPLOAD_BYTES + 1 })).toBeNull();
    expect(checkUpload({ name: "sofa.gif", size: 1 })).toBe("unsupported");
    expect(checkUpload({ name: "png", size: 1 })).toBe("unsupported");
    expect(MAX_UPLOAD_BYTES).toBe(10 * 1024 * 1024);
    expect(STORED_EXTENSIONS).toEqual(["png", "jpg", "jpeg", "pdf"]);
    expect(PICKED_EXTENSIONS).toEqual(["png", "jpg", "jpeg", "pdf", "heic", "heif"]);
  });

  it("caps what a claim item and a contact request may hold", () => {
    expect(MAX_DOCUMENTS_PER_CLAIM_ITEM).toBe(20);
    expect(MAX_CLAIM_BYTES).toBe(20 * MAX_UPLOAD_BYTES);
    expect(MAX_DOCUMENTS_PER_CONTACT_REQUEST).toBe(20);
    expect(MAX_CONTACT_REQUEST_BYTES).toBe(10 * MAX_UPLOAD_BYTES);
  });

  it("reads the extension after the last dot, in lower case", () => {
    expect(extensionOf("my.sofa.PDF")).toBe("pdf");
    expect(extensionOf("sofa")).toBe("");
    expect(extensionOf(".png")).toBe("png");
  });

  it("sends each file with the content type of its kind", () => {
    expect(contentTypeFor("a.PDF")).toBe("application/pdf");
    expect(contentTypeFor("a.png")).toBe("image/png");
    expect(contentTypeFor("a.jpg")).toBe("image/jpeg");
    // A photo converted on the phone (a HEIC made JPEG) keeps a name that says neither.
    expect(contentTypeFor("IMG_0001.HEIC")).toBe("image/jpeg");
    expect(CONTENT_TYPES).toEqual({ png: "image/png", jpeg: "image/jpeg", pdf: "application/pdf" });
    expect(PICKER_ACCEPT.split(",")).toEqual([
      "image/png",
      "image/jpeg",
      "application/pdf",
      "image/heic",
      "image/heif",
      ".png",
      ".jpg",
      ".jpeg",
      ".pdf",
      ".heic",
      ".heif",
    ]);
  });

  it("tells PNG, JPEG and PDF by their first bytes, never by their name", () => {
    expect(detectKind(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe("png");
    expect(detectKind(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0b]))).toBeNull();
    expect(detectKind(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpeg");
    expect(detectKind(new Uint8Array([0xff, 0xd8, 0xfe]))).toBeNull();
    expect(detectKind(new TextEncoder().encode("%PDF-1.7"))).toBe("pdf");
    expect(detectKind(new TextEncoder().encode("%PDF 1.7"))).toBeNull();
    expect(detectKind(new Uint8Array([]))).toBeNull();
  });
});

describe("claim status (SPEC.md section 6)", () => {
  it("has five steps in order, each with the status text a consumer reads and the days to the next", () => {
    expect(CLAIM_STEPS).toEqual(["submitted", "in_review", "decision", "service", "closed"]);
    expect(STATUS_OF_STEP).toEqual({
      submitted: "Open",
      in_review: "Pending review",
      decision: "In process",
      service: "In process",
      closed: "Closed",
    });
    expect(BUSINESS_DAYS_TO_NEXT).toEqual({ submitted: 3, in_review: 5, decision: 2, service: 10 });
    expect(CLAIM_NUMBER.exec("CL-42")?.[1]).toBe("42");
    expect(CLAIM_NUMBER.test("CL-")).toBe(false);
    expect(CLAIM_NUMBER.test("xCL-42")).toBe(false);
  });

  it("takes a claim number or a status code, trimmed, and says what one looks like", () => {
    expect(v.parse(claimStatusQuerySchema, { code: " CL-42 " })).toEqual({ code: "CL-42" });
    expect(ok(claimStatusQuerySchema, { code: "CS-AB12-9" })).toBe(true);
    expect(messages(claimStatusQuerySchema, { code: "cl-42" })).toEqual(["Must be a claim number such as CL-123"]);
    expect(ok(claimStatusQuerySchema, { code: "CL-12345678901234567" })).toBe(false);
    expect(ok(claimStatusQuerySchema, { code: "CS-" })).toBe(false);
    expect(ok(claimStatusQuerySchema, { code: "CL-1", expires: "1760000000", sig: "s".repeat(128) })).toBe(true);
    expect(ok(claimStatusQuerySchema, { code: "CL-1", expires: "17600000000000" })).toBe(false);
    expect(ok(claimStatusQuerySchema, { code: "CL-1", expires: "soon" })).toBe(false);
    expect(ok(claimStatusQuerySchema, { code: "CL-1", sig: "s".repeat(129) })).toBe(false);
  });

  it("lets staff move a claim only to one of the five steps, the decision with its outcome and a denial with its reason", () => {
    expect(ok(staffClaimStatusRequestSchema, { code: "CL-1", step: "in_review" })).toBe(true);
    expect(ok(staffClaimStatusRequestSchema, { code: "CL-1", step: "approved" })).toBe(false);
    expect(ok(staffClaimStatusRequestSchema, { code: "CL-1", step: "decision", outcome: "approved" })).toBe(true);
    expect(
      ok(staffClaimStatusRequestSchema, { code: "CL-1", step: "decision", outcome: "denied", reason: "Not covered" }),
    ).toBe(true);
    expect(ok(staffClaimStatusRequestSchema, { code: "CL-1", step: "decision" })).toBe(false);
    expect(ok(staffClaimStatusRequestSchema, { code: "CL-1", step: "decision", outcome: "maybe" })).toBe(false);
    expect(
      ok(staffClaimStatusRequestSchema, { code: "CL-1", step: "decision", outcome: "approved", reason: "Why" }),
    ).toBe(false);
    expect(ok(staffClaimStatusRequestSchema, { code: "CL-1", step: "closed", outcome: "approved" })).toBe(false);
  });

  it("reads a status answer with a next step, or none once closed", () => {
    const status = {
      claimNumber: "CL-1",
      status: "Closed",
      family: "ace",
      plan: { id: 1, number: "W-1", programName: "ACE" },
      items: [{ id: 1, name: "Sofa" }],
      documents: [],
      timeline: CLAIM_STEPS.map((step) => ({ step, at: null })),
      current: "closed",
      next: null,
      decision: { outcome: "denied", reason: "Not covered" },
    };
    expect(ok(claimStatusResponseSchema, { result: status })).toBe(true);
    expect(
      ok(claimStatusResponseSchema, { result: { ...status, next: { step: "closed", expectedBy: "2026-01-02" } } }),
    ).toBe(true);
    expect(ok(claimStatusResponseSchema, { result: { ...status, family: "other" } })).toBe(false);
    expect(ok(claimStatusResponseSchema, { result: { ...status, decision: null } })).toBe(true);
    expect(ok(claimStatusResponseSchema, { result: { ...status, decision: { outcome: "maybe", reason: null } } })).toBe(
      false,
    );
  });
});

describe("finish later (SPEC.md section 4)", () => {
  it("sends a link from steps 2 to 5 of a claim only", () => {
    expect(ok(finishLaterRequestSchema, { claimId: 1, step: 2 })).toBe(true);
    expect(ok(finishLaterRequestSchema, { claimId: MAX_ID, step: 5 })).toBe(true);
    for (const bad of [
      { claimId: 1, step: 1 },
      { claimId: 1, step: 6 },
      { claimId: 1, step: 2.5 },
      { claimId: 0, step: 2 },
      { claimId: 1.5, step: 2 },
    ]) {
      expect(ok(finishLaterRequestSchema, bad), JSON.stringify(bad)).toBe(false);
    }
    expect(messages(finishLaterRequestSchema, { claimId: MAX_ID + 2, step: 2 })).toEqual([`Must be at most ${MAX_ID}`]);
  });

  it("answers with the masked address of up to 260 characters, or none on file", () => {
    expect(ok(finishLaterAnswerSchema, { sentTo: "m".repeat(260) })).toBe(true);
    expect(ok(finishLaterAnswerSchema, { sentTo: "m".repeat(261) })).toBe(false);
    expect(ok(finishLaterTargetSchema, { sendTo: null })).toBe(true);
    expect(ok(finishLaterTargetSchema, { sendTo: "m".repeat(261) })).toBe(false);
    expect(v.parse(finishLaterQuerySchema, { claimId: "12" })).toEqual({ claimId: 12 });
    expect(FINISH_LATER_CODES.noEmailOnFile).toBe("NO_EMAIL_ON_FILE");
  });
});

describe("the language a tag names (SPEC.md section 9)", () => {
  it("finds en or es from the first two letters, in any case", () => {
    expect(localeOf("es-MX")).toBe("es");
    expect(localeOf("EN")).toBe("en");
    expect(localeOf("fr")).toBeUndefined();
    expect(localeOf("e")).toBeUndefined();
    expect(localeOf(null)).toBeUndefined();
    expect(localeOf(undefined)).toBeUndefined();
    expect([LANGUAGE_COOKIE, LANGUAGE_QUERY]).toEqual(["i18next", "lng"]);
  });

  it("keeps a language the address names in the cookie, only when the cookie does not hold it yet", () => {
    expect(languageCookieToKeep("ES", undefined)).toBe(languageCookie("es"));
    expect(languageCookieToKeep("es", "en")).toBe(languageCookie("es"));
    expect(languageCookieToKeep("es", "es")).toBeUndefined();
    expect(languageCookieToKeep("fr", "en")).toBeUndefined();
    expect(languageCookieToKeep(undefined, "en")).toBeUndefined();
  });
});

describe("wire codes a client branches on (docs/api.md)", () => {
  it("spells each refusal as the API documents it", () => {
    expect(REFUSAL_CODES).toEqual({
      invalidRequest: "INVALID_REQUEST",
      planNotFound: "PLAN_NOT_FOUND",
      claimNotDraft: "CLAIM_NOT_DRAFT",
      claimStepNotForward: "CLAIM_STEP_NOT_FORWARD",
      linkExpired: "LINK_EXPIRED",
      proofRequired: "PROOF_REQUIRED",
      tooManyRequests: "TOO_MANY_REQUESTS",
      requestInProgress: "REQUEST_IN_PROGRESS",
      claimAlreadySubmitted: "CLAIM_ALREADY_SUBMITTED",
      claimIncomplete: "CLAIM_INCOMPLETE",
    });
  });

  it("asks for a solved challenge with 428 CHALLENGE_REQUIRED and reads the solution from X-Altcha", () => {
    expect([CHALLENGE_STATUS, CHALLENGE_REQUIRED, CHALLENGE_HEADER, CHALLENGE_ALGORITHM]).toEqual([
      428,
      "CHALLENGE_REQUIRED",
      "X-Altcha",
      "PBKDF2/SHA-256",
    ]);
    const challenge = {
      parameters: {
        algorithm: CHALLENGE_ALGORITHM,
        nonce: "n",
        salt: "s",
        cost: 1000,
        keyLength: 32,
        keyPrefix: "00",
        extra: 1,
      },
    };
    expect(
      v.parse(challengeAnswerSchema, { code: CHALLENGE_REQUIRED, message: "Solve", challenge }).challenge.parameters,
    ).toMatchObject({ extra: 1 });
    expect(ok(challengeAnswerSchema, { code: "OTHER", message: "Solve", challenge })).toBe(false);
    expect(ok(challengePayloadSchema, { challenge, solution: { counter: 7, derivedKey: "ab" } })).toBe(true);
    expect(ok(challengePayloadSchema, { challenge, solution: { counter: "7", derivedKey: "ab" } })).toBe(false);
  });
});
