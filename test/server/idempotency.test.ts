/**
 * Idempotent writes (server/http/idempotency.ts): a write repeated with its Idempotency-Key
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
    damage_item: [
      {
        selectedItemId: plan.itemId("Sofa"),
        damageType: await lookupId(server.api, "/damage_type_lookup_values", "Stain"),
        specificDamage: await lookupId(server.api, "/specific_damage_lookup_values", "Ink stain"),
        specificLocation: areas.find((area) => area.name === "Seat cushion")!.id,
        damageDate: "2025-08-30",
        howDidOccur: await lookupId(server.api, "/how_did_it_occur_lookup_values", "Accidental spill"),
        actionTaken: await lookupId(server.api, "/actions_taken_lookup_values", "Cleaned with water"),
        notes: "Ink pen leaked on the seat.",
      },
    ],
  });
  const send = (key: string | null, text = body) =>
    server.fetch(`${server.url}/api/v1/insert_claim_item_damage`, {
      method: "POST",
      headers: { "x-api-key": API_KEY, "content-type": "application/json", ...(key && { "idempotency-key": key }) },
      body: text,
    });
  const count = async () =>
    Number(
      (
        await server.db.query<{ n: string }>(
          "SELECT count(*) AS n FROM damages d JOIN claim_items i ON i.id = d.claim_item_id WHERE i.claim_id = $1",
          [claimId],
        )
      )[0]!.n,
    );
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

  it("the same key twice at once: done once; the other is answered from the first, or told it still runs", async () => {
    const { send, damages } = await damageToSend();
    const answers = await Promise.all([send("same-time-key-000000000001"), send("same-time-key-000000000001")]);
    const seen = await Promise.all(
      answers.map(async (answer) => ({
        status: answer.status,
        replayed: answer.headers.get("idempotent-replayed"),
        body: await answer.json(),
      })),
    );
    expect(await damages()).toBe(1);
    const done = seen.filter((answer) => answer.status === 200 && answer.replayed === null);
    expect(done, JSON.stringify(seen)).toHaveLength(1);
    // PostgreSQL answers the second at once (409); the embedded database runs it after the first.
    const other = seen.find((answer) => answer !== done[0])!;
    expect([
      { status: 200, replayed: "true", body: done[0]!.body },
      { status: 409, replayed: null, body: expect.objectContaining({ code: "REQUEST_IN_PROGRESS" }) },
    ]).toContainEqual(other);
  });

  it("more keyed calls at once than PostgreSQL's pool has connections, each also counting in the pool: all answered", async () => {
    // A keyed call holds a connection for its transaction while a search's rate limit takes another
    // from the same pool: without connections kept free of keyed calls, all would wait for ever.
    const search = (i: number) =>
      server.fetch(`${server.url}/api/v1/search_plan`, {
        method: "POST",
        headers: {
          "x-api-key": API_KEY,
          "content-type": "application/json",
          "idempotency-key": `many-at-once-${String(i).padStart(12, "0")}`,
        },
        body: JSON.stringify({ search_type: "search_plan_4", number: "W-E34-WS4566" }),
      });
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => search(i)));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
  });

  it("a refusal from inside the route's own transaction is kept and replayed, and writes nothing", async () => {
    const { body, send, damages } = await damageToSend();
    const refused = body.replace(/"specificLocation":\d+/, '"specificLocation":999999');
    const first = await send("refused-key-00000000000001", refused);
    const again = await send("refused-key-00000000000001", refused);
    expect(first.status, await first.clone().text()).toBe(400);
    expect([again.status, again.headers.get("idempotent-replayed"), await again.text()]).toEqual([
      400,
      "true",
      await first.text(),
    ]);
    expect(await damages()).toBe(0);
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
