/**
 * Idempotent writes (issue 14, server/http/idempotency.ts): a write repeated with its Idempotency-Key
 * (the portal does so only when it never heard the first answer) is answered from the first one
 * and done once, even when the first answer was dropped on the way back.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_KEY, draftWithItem, lookupId, startTestServer, type TestServer } from "./helpers.ts";

let server: TestServer;
beforeAll(async () => {
  // No faults until the last test asks for a dropped answer.
  server = await startTestServer({ faults: { latencyMs: 0, error: 0, drop: 0, aceSubmit504: 0, maxInARow: 1 } });
});
afterAll(async () => {
  await server?.stop();
});

/**
 * A complete damage on the sofa's claim item of the draft on W-E34-WS4566, ready to send, and the
 * number of damages the draft gained since this was called.
 */
async function damageToSend() {
  const { claimId, plan } = await draftWithItem(server.api, "W-E34-WS4566", "Sofa");
  const areas = (await server.api.get(`/claim/${claimId}`)).body.damageAreasDisp as Array<{ id: number; name: string }>;
  const body = JSON.stringify({
    claimId,
    customerId: plan.customerId,
    damage_item: [{
      selectedItemId: plan.itemId("Sofa"),
      damageType: await lookupId(server.api, "/damage_type_lookup_values", "Stain"),
      specificDamage: await lookupId(server.api, "/specific_damage_lookup_values", "Ink stain"),
      specificLocation: areas.find((area) => area.name === "Seat cushion")!.id,
      damageDate: "2025-08-30",
      howDidOccur: await lookupId(server.api, "/how_did_it_occur_lookup_values", "Accidental spill"),
      actionTaken: await lookupId(server.api, "/actions_taken_lookup_values", "Cleaned with water"),
      notes: "Ink pen leaked on the seat.",
    }],
  });
  const send = (key: string | null, text = body) =>
    server.fetch(`${server.url}/api/v1/insert_claim_item_damage`, {
      method: "POST",
      headers: { "x-api-key": API_KEY, "content-type": "application/json", ...(key && { "idempotency-key": key }) },
      body: text,
    });
  const count = async () => Number((await server.db.query<{ n: string }>("SELECT count(*) AS n FROM damages d JOIN claim_items i ON i.id = d.claim_item_id WHERE i.claim_id = $1", [claimId]))[0]!.n);
  const before = await count();
  return { body, send, damages: async () => (await count()) - before };
}

describe("Idempotency-Key on writes", () => {
  it("the same key twice: done once, the second answer is the first one replayed", async () => {
    const { send, damages } = await damageToSend();
    const first = await send("3f0c2a8e-1b7d-4c55-9e61-2d7a9c1e4b20");
    const again = await send("3f0c2a8e-1b7d-4c55-9e61-2d7a9c1e4b20");
    expect(first.status, await first.clone().text()).toBe(200);
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(await first.text());
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    expect(await damages()).toBe(1);
  });

  it("without a key, or with a new key, a write is done again as before", async () => {
    const { send, damages } = await damageToSend();
    await send(null);
    await send(null);
    await send("a-new-key-0000000000000001");
    expect(await damages()).toBe(3);
  });

  it("a key reused for another body is refused, and a malformed key too, writing nothing", async () => {
    const { send, body, damages } = await damageToSend();
    await send("key-for-one-request-000001");
    const other = await send("key-for-one-request-000001", body.replace("Ink pen leaked", "Coffee"));
    expect([other.status, (await other.json()).code]).toEqual([422, "IDEMPOTENCY_KEY_REUSED"]);
    const bad = await send("short");
    expect([bad.status, (await bad.json()).code]).toEqual([400, "BAD_IDEMPOTENCY_KEY"]);
    expect(await damages()).toBe(1);
  });

  it("an answer lost on the way back (a dropped connection): the retry with the same key gets it, one damage", async () => {
    const { send, damages } = await damageToSend();
    server.config.faults!.drop = 1; // the next answer is lost (one in a row at most)
    await expect(send("lost-answer-key-0000000001")).rejects.toThrow();
    expect(await damages()).toBe(1); // done, though nobody heard
    server.config.faults!.drop = 0;
    const retry = await send("lost-answer-key-0000000001");
    expect(retry.status).toBe(200);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(await damages()).toBe(1);
  });

  it("a bodyless DELETE with a key runs once and is replayed, like any write", async () => {
    const { claimId } = await draftWithItem(server.api, "W-E34-WS4566", "Sofa");
    const created = await server.db.query<{ id: number }>("SELECT id FROM claim_items WHERE claim_id = $1", [claimId]);
    const remove = () =>
      server.fetch(`${server.url}/api/v1/remove_claim_items/${created[0]!.id}`, {
        method: "DELETE",
        headers: { "x-api-key": API_KEY, "idempotency-key": "delete-key-000000000000001" },
      });
    const first = await remove();
    const again = await remove();
    expect(first.status, await first.clone().text()).toBe(200);
    expect([again.status, again.headers.get("idempotent-replayed")]).toEqual([200, "true"]);
  });
});
