// @vitest-environment jsdom
/**
 * The portal retries by itself what is safe to send again (src/api/http.ts): a write whose answer
 * was lost, refused with a 5xx or still in progress on the server is sent again with the same
 * Idempotency-Key, so the server does it once; a write the server refused with a 4xx is not sent
 * again, and neither is a call the person cancelled, nor an ACE submit answered 504, which SPEC.md
 * section 4 counts as success. The network is a stubbed fetch that records
 * every request and answers from a script.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { submitAceClaim } from "../../src/api/ace-claims.ts";
import { submitClaim } from "../../src/api/claims.ts";
import { endedBy, http } from "../../src/api/http.ts";

/** What each try of a call met, in order: an answer, or a lost one (the connection closed unanswered). */
type Step = Response | "lost" | "hang";

/** Requests the portal sent, with the key each carried. */
let sent: Array<{ method: string; path: string; key: string | null }> = [];

/** Answers the portal's requests from `script`, one step per request; the last step repeats. */
function network(...script: Step[]): void {
  sent = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: Request, init?: RequestInit) => {
      sent.push({ method: input.method, path: new URL(input.url).pathname, key: input.headers.get("Idempotency-Key") });
      const step = script[Math.min(sent.length - 1, script.length - 1)]!;
      if (step === "lost") throw new TypeError("Failed to fetch"); // Chromium's words for a dropped connection
      if (step === "hang") {
        const signal = init?.signal ?? input.signal;
        return new Promise<Response>((_, reject) =>
          signal.addEventListener("abort", () => reject(signal.reason as Error)),
        );
      }
      return step.clone();
    }),
  );
}

const json = (body: unknown, status = 200) => Response.json(body, { status });
const saveDamage = () =>
  http.post("insert_claim_item_damage", { json: { claimId: 7, damage_item: [{ notes: "torn" }] } }).json();

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("writes retried by the portal itself", () => {
  it("a write whose answer was lost is sent again with the same Idempotency-Key, and its answer reaches the caller", async () => {
    network("lost", json({ multipleDamageIds: [41] }));
    await expect(saveDamage()).resolves.toEqual({ multipleDamageIds: [41] });
    expect(sent).toHaveLength(2);
    expect(sent[0]!.key).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(sent[1]!.key).toBe(sent[0]!.key);
  });

  it("a write refused with 503, or answered 'still in progress', is sent again with its key", async () => {
    network(
      json({ code: "FAULT_INJECTED" }, 503),
      json({ message: "Request in progress, try again", code: "REQUEST_IN_PROGRESS" }, 409),
      json({ multipleDamageIds: [42] }),
    );
    await expect(saveDamage()).resolves.toEqual({ multipleDamageIds: [42] });
    expect(sent.map((request) => request.key)).toEqual([sent[0]!.key, sent[0]!.key, sent[0]!.key]);
  });

  it("a write the server refused with a 4xx is not sent again, and the same write later gets a new key", async () => {
    network(json({ message: "Damage Type is required", code: "VALIDATION_FAILED" }, 422));
    await expect(saveDamage()).rejects.toMatchObject({ response: { status: 422 } });
    expect(sent).toHaveLength(1);
    const refusedKey = sent[0]!.key;
    network(json({ multipleDamageIds: [43] }));
    await saveDamage();
    expect(sent[0]!.key).toEqual(expect.any(String));
    expect(sent[0]!.key).not.toBe(refusedKey);
  });

  it("a write that met no answer four times is given up: the person sees the failure, and their repeat still carries the key", async () => {
    network("lost");
    await expect(saveDamage()).rejects.toThrow();
    expect(sent).toHaveLength(4);
    const key = sent[0]!.key;
    expect(new Set(sent.map((request) => request.key))).toEqual(new Set([key]));
    network(json({ multipleDamageIds: [44] }));
    await saveDamage();
    expect(sent[0]!.key).toBe(key);
  });

  it("an ACE submit answered 504 is sent once and counts as success (SPEC.md section 4); an FPP submit's 504 is retried", async () => {
    const gatewayTimeout = json({ message: "Gateway Timeout" }, 504);
    network(gatewayTimeout, json({ message: "Succeed" }));
    await expect(submitAceClaim(55)).resolves.toEqual({ kind: "gatewayTimeout" });
    expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual(["PUT /api/v1/ace/submit_claim/55"]);

    network(gatewayTimeout, json({ message: "Succeed" }));
    await expect(submitClaim({ claimId: 56, customerId: 700 })).resolves.toEqual({ kind: "submitted" });
    expect(sent).toHaveLength(2);
    expect(sent[1]!.key).toBe(sent[0]!.key);
  });

  it("an ACE submit refused with 503 is still sent again with its key", async () => {
    network(json({ code: "FAULT_INJECTED" }, 503), json({ message: "Claim submitted" }));
    await expect(submitAceClaim(57)).resolves.toEqual({ kind: "submitted" });
    expect(sent).toHaveLength(2);
    expect(sent[1]!.key).toBe(sent[0]!.key);
  });

  it("a call the person cancelled (its actor's signal ended) is not sent again", async () => {
    network("hang", json({ multipleDamageIds: [45] }));
    const actorSignal = new AbortController();
    const saving = endedBy(actorSignal.signal)
      .post("insert_claim_item_damage", { json: { claimId: 7, damage_item: [{ notes: "torn" }] } })
      .json();
    await vi.waitFor(() => expect(sent).toHaveLength(1), { timeout: 60_000, interval: 25 });
    actorSignal.abort(new DOMException("Cancelled", "AbortError"));
    await expect(saving).rejects.toMatchObject({ name: "AbortError" });
    expect(sent).toHaveLength(1);
  });

  it("reads are retried as before; the search, a read sent as POST, too, without a key", async () => {
    network("lost", json({ result: [] }));
    await http.get("claim/7").json();
    expect(sent.map((request) => request.method)).toEqual(["GET", "GET"]);
    network(json({ code: "FAULT_INJECTED" }, 503), json({ result: [] }));
    await http.post("search_plan", { json: { warrantyNumber: "W-E34-WS4566" } }).json();
    expect(sent).toEqual([
      { method: "POST", path: "/api/v1/search_plan", key: null },
      { method: "POST", path: "/api/v1/search_plan", key: null },
    ]);
  });
});
