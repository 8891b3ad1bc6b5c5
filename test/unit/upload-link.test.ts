/**
 * Linking a stored file to where it goes (src/api/uploads.ts): a claim item's link names the claim,
 * the item and the stored name; a contact request's goes to the request; and a claim item's link
 * whose first answer was lost, answered 409 DOCUMENT_ALREADY_LINKED with this file, gives the
 * document the server made then rather than a failure.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { claimItemDestination } from "../../src/api/documents.ts";
import { contactRequestDestination } from "../../src/api/contact-service.ts";
import { linkToDestination } from "../../src/api/uploads.ts";

afterEach(() => vi.unstubAllGlobals());

interface Asked {
  path: string;
  body: unknown;
}

/** Stubs fetch with `answer` for every call; returns what was asked. */
function answerWith(answer: () => Response): Asked[] {
  const asked: Asked[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: Request) => {
      asked.push({ path: new URL(input.url).pathname, body: await input.json() });
      return answer();
    }),
  );
  return asked;
}

describe("linking a stored file", () => {
  it("to a claim item, by claim, item and stored name, in the claim's family", async () => {
    const asked = answerWith(() =>
      Response.json({ message: "Succeed", result: [{ id: 41, name: "abcdefghij-sofa.jpg" }] }),
    );
    expect(await linkToDestination(claimItemDestination("ace", 900, 3), "abcdefghij-sofa.jpg")).toEqual({
      id: 41,
      fileName: "abcdefghij-sofa.jpg",
    });
    expect(asked).toEqual([
      {
        path: "/api/v1/ace/insert_linked_and_embedded_files",
        body: { claimId: 900, claimItemsId: 3, docName: "abcdefghij-sofa.jpg" },
      },
    ]);
  });

  it("to a contact request, by its id", async () => {
    const asked = answerWith(() =>
      Response.json({ message: "Succeed", result: [{ id: 7, name: "abcdefghij-receipt.png" }] }),
    );
    expect(
      await linkToDestination(
        contactRequestDestination("5d0c2e7a-3b1f-4e8a-9c6d-7f2a1b0e9d84"),
        "abcdefghij-receipt.png",
      ),
    ).toEqual({ id: 7, fileName: "abcdefghij-receipt.png" });
    expect(asked).toEqual([
      {
        path: "/api/v1/contact_service/documents",
        body: { requestId: "5d0c2e7a-3b1f-4e8a-9c6d-7f2a1b0e9d84", docName: "abcdefghij-receipt.png" },
      },
    ]);
  });

  it("already linked by a try whose answer was lost: the document the server names for this file", async () => {
    answerWith(() =>
      Response.json(
        { code: "DOCUMENT_ALREADY_LINKED", result: [{ id: 41, name: "abcdefghij-sofa.jpg" }] },
        { status: 409 },
      ),
    );
    expect(await linkToDestination(claimItemDestination("fpp", 900, 3), "abcdefghij-sofa.jpg")).toEqual({
      id: 41,
      fileName: "abcdefghij-sofa.jpg",
    });
  });

  it("already linked under another name: the refusal stands", async () => {
    answerWith(() =>
      Response.json(
        { code: "DOCUMENT_ALREADY_LINKED", result: [{ id: 41, name: "abcdefghij-other.jpg" }] },
        { status: 409 },
      ),
    );
    await expect(linkToDestination(claimItemDestination("fpp", 900, 3), "abcdefghij-sofa.jpg")).rejects.toThrow();
  });
});
