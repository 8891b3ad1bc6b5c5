// @vitest-environment jsdom
/**
 * The portal's Idempotency-Key (src/api/idempotency.ts): a write repeated after its answer
 * was lost carries the first attempt's key; once an answer was heard, the same write is a new one.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { addIdempotencyKey, settleIdempotencyKey } from "../../src/api/idempotency.ts";

const base = "http://portal.test/api/v1";
const damage = () =>
  new Request(`${base}/insert_claim_item_damage`, {
    method: "POST",
    body: JSON.stringify({ claimId: 7, notes: "torn" }),
  });

/** Sends a request through the hook and returns the key it was given (null: none). */
async function keyOf(request: Request): Promise<string | null> {
  await addIdempotencyKey({ request });
  return request.headers.get("Idempotency-Key");
}

beforeEach(() => window.sessionStorage.clear());

describe("Idempotency-Key of the portal's writes", () => {
  it("a write whose answer never came is repeated with the same key, even after a reload", async () => {
    const first = await keyOf(damage());
    expect(first).toMatch(/^[0-9a-f-]{32,36}$/);
    // No answer (a dropped connection): the hook never settles it. A reload keeps session storage.
    expect(await keyOf(damage())).toBe(first);
  });

  it("once an answer below 500 was heard, the same write again is a new one", async () => {
    const request = damage();
    const first = await keyOf(request);
    settleIdempotencyKey({ request, response: new Response("{}", { status: 200 }) });
    expect(await keyOf(damage())).not.toBe(first);
  });

  it("a 5xx answer settles nothing: the server kept no answer, the repeat may run for real under the same key", async () => {
    const request = damage();
    const first = await keyOf(request);
    settleIdempotencyKey({ request, response: new Response("{}", { status: 503 }) });
    expect(await keyOf(damage())).toBe(first);
  });

  it("an answer saying the first request still runs (409 REQUEST_IN_PROGRESS), or a 408, settles nothing; another 409 does", async () => {
    for (const [response, settles] of [
      [Response.json({ code: "REQUEST_IN_PROGRESS" }, { status: 409 }), false],
      [new Response("", { status: 408 }), false],
      [Response.json({ code: "CLAIM_ALREADY_SUBMITTED" }, { status: 409 }), true],
    ] as const) {
      window.sessionStorage.clear();
      const request = damage();
      const first = await keyOf(request);
      await settleIdempotencyKey({ request, response });
      expect((await keyOf(damage())) === first, `${response.status} settles: ${settles}`).toBe(!settles);
    }
  });

  it("different writes get different keys; reads, and the search sent as POST, get none", async () => {
    const one = await keyOf(damage());
    const other = await keyOf(
      new Request(`${base}/insert_claim_item_damage`, {
        method: "POST",
        body: JSON.stringify({ claimId: 7, notes: "stain" }),
      }),
    );
    expect(other).not.toBe(one);
    expect(await keyOf(new Request(`${base}/claim/7`))).toBeNull();
    expect(await keyOf(new Request(`${base}/search_plan`, { method: "POST", body: "{}" }))).toBeNull();
    expect(await keyOf(new Request(`${base}/delete_claim_item_damage/4`, { method: "DELETE" }))).toEqual(
      expect.any(String),
    );
  });
});
