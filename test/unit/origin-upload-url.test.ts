/**
 * The portal PUTs a file where the API's answer says, made absolute: the reference server answers a
 * root-relative upload URL (it names no host, so it works at whatever address the page was opened
 * at), which is on the API's own origin: the page's when the API is served beside it (the browser
 * journey test/e2e/origin-uploads.test.ts), the API's host when VITE_API_BASE_URL names one, as
 * here. A bucket's presigned URL stays as it is.
 */
import { afterEach, describe, expect, it, vi } from "vitest";

const RELATIVE = "/api/v1/uploads/7/abcdefghij-sofa.jpg?expires=1&size=5&sig=x";
const BUCKET =
  "https://bucket.s3.example.com/incoming/claims_documentation/CL-7/photos-consumer/abcdefghij-sofa.jpg?X-Amz-Signature=x";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.resetModules();
});

/** The upload URL the portal uses when the API answers `url`, with the API at `apiBaseUrl`. */
async function uploadUrlWith(apiBaseUrl: string, url: string): Promise<string> {
  vi.stubEnv("VITE_API_BASE_URL", apiBaseUrl);
  vi.resetModules();
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => Response.json({ url, fileName: "abcdefghij-sofa.jpg" })),
  );
  const { uploadUrlFor } = await import("../../src/api/uploads.ts");
  const { claimItemDestination } = await import("../../src/api/documents.ts");
  return (await uploadUrlFor(claimItemDestination("fpp", 7, 3), { name: "sofa.jpg", size: 5 })).url;
}

describe("the upload URL the portal PUTs to", () => {
  it("is a root-relative answer on the API's host when VITE_API_BASE_URL names one", async () => {
    expect(await uploadUrlWith("https://api.example.com/api/v1", RELATIVE)).toBe(`https://api.example.com${RELATIVE}`);
  });

  it("is an absolute answer, a bucket's presigned PUT, as it is", async () => {
    expect(await uploadUrlWith("https://api.example.com/api/v1", BUCKET)).toBe(BUCKET);
  });
});
