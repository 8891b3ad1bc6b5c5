/**
 * The portal asks for an upload URL with the file's type, name and size: the reference
 * server binds the size into the signed URL, so the PUT must carry exactly those bytes.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { claimItemDestination } from "../../src/api/documents.ts";
import { uploadUrlFor, uploadUrlQuery } from "../../src/api/uploads.ts";
import { contactRequestDestination } from "../../src/api/contact-service.ts";

afterEach(() => vi.unstubAllGlobals());

/** Stubs fetch with an upload-URL answer; returns the URLs asked for. */
function answerUploadUrls(): URL[] {
  const asked: URL[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: Request | string) => {
      asked.push(new URL(typeof input === "string" ? input : input.url));
      return Response.json({
        url: "http://portal.test/api/v1/uploads/7/abcdefghij-sofa.jpg?expires=1&size=5&sig=x",
        fileName: "abcdefghij-sofa.jpg",
      });
    }),
  );
  return asked;
}

describe("upload URL query", () => {
  it("names the type from the extension, the name, and the size in bytes", () => {
    expect(uploadUrlQuery({ name: "Sofa.JPEG", size: 123456 })).toEqual({
      fileType: "image/jpeg",
      fileName: "Sofa.JPEG",
      fileSize: 123456,
    });
    expect(uploadUrlQuery({ name: "invoice.pdf", size: 99 })).toEqual({
      fileType: "application/pdf",
      fileName: "invoice.pdf",
      fileSize: 99,
    });
  });

  it("is what a claim item's and a contact request's upload destinations send", async () => {
    const asked = answerUploadUrls();
    await uploadUrlFor(claimItemDestination("ace", 4563306363245381, 3), { name: "sofa.jpg", size: 5 });
    await uploadUrlFor(contactRequestDestination("5d0c2e7a-3b1f-4e8a-9c6d-7f2a1b0e9d84"), {
      name: "receipt.png",
      size: 77,
    });
    expect(asked.map((url) => [url.pathname, Object.fromEntries(url.searchParams)])).toEqual([
      [
        "/api/v1/ace/file-upload-url",
        { claimId: "4563306363245381", fileType: "image/jpeg", fileName: "sofa.jpg", fileSize: "5" },
      ],
      [
        "/api/v1/contact_service/file-upload-url",
        {
          requestId: "5d0c2e7a-3b1f-4e8a-9c6d-7f2a1b0e9d84",
          fileType: "image/png",
          fileName: "receipt.png",
          fileSize: "77",
        },
      ],
    ]);
  });
});
