/**
 * A keyed write's answer commits with the write (server/http/idempotency.ts). A server killed after
 * the write but before its answer was kept leaves neither, so the retry with the same key, after a
 * restart on the same data, writes once; one killed after the answer was made (committed) but
 * before it was sent leaves both, so the retry gets that answer.
 *
 * The first server runs in a child process (test/server/idempotency-process.ts) over a database it
 * watches, and kills itself with SIGKILL when it sends the statement that keeps the answer (or once
 * the answer is made): a real kill -9 at the exact point, with no hook in the product's code. A
 * kill from here on a printed marker would race the statements still under way.
 */
import type { ChildProcess } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import {
  API_KEY,
  CookieJar,
  draftWithItem,
  lookupId,
  makeApi,
  newTestData,
  removeTestData,
  sessionFetch,
  startTestServer,
  UPLOAD_SECRET,
  type TestData,
  type TestServer,
} from "./helpers.ts";
import { spawnApi } from "../../scripts/api-process.ts";

const KEY = "crash-retry-key-000000000001";

let child: ChildProcess | undefined;
let data: TestData | undefined;
let restarted: TestServer | undefined;
afterEach(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  if (restarted) await restarted.stop();
  else if (data) await removeTestData(data);
  child = data = restarted = undefined;
});

/** Starts the API in a child process dying at `dieAt`; resolves with its base URL once it listens. */
function startChild(settings: Record<string, unknown>, dieAt: "record" | "answer"): Promise<string> {
  const started = spawnApi("test/server/idempotency-process.ts", [JSON.stringify(settings), dieAt]);
  child = started.child;
  return started.listening;
}

/**
 * Sends a keyed damage to a child server that dies at `dieAt`, restarts on the same data and sends
 * it again with the same key and session.
 * @returns the retry's answer, its damage ids, and the damages the claim holds
 */
async function damageAcrossCrash(dieAt: "record" | "answer") {
  data = await newTestData();
  // The same session secret on both sides of the restart: the key counts within the session.
  const settings = {
    ...data,
    apiKey: API_KEY,
    uploadSecret: UPLOAD_SECRET,
    sessionSecret: "crash-session-secret",
    linkSecret: "crash-link-secret",
  };
  const url = await startChild(settings, dieAt);
  const jar = new CookieJar();
  const api = makeApi(`${url}/api/v1`, API_KEY, jar);
  const { claimId, plan } = await draftWithItem(api, "W-E34-WS4566", "Sofa");
  const areas = (await api.get(`/claim/${claimId}`)).body.damageAreasDisp as Array<{ id: number; name: string }>;
  const body = JSON.stringify({
    claimId,
    customerId: plan.customerId,
    damage_item: [
      {
        selectedItemId: plan.itemId("Sofa"),
        damageType: await lookupId(api, "/damage_type_lookup_values", "Stain"),
        specificDamage: await lookupId(api, "/specific_damage_lookup_values", "Ink stain"),
        specificLocation: areas.find((area) => area.name === "Seat cushion")!.id,
        damageDate: "2025-08-30",
        howDidOccur: await lookupId(api, "/how_did_it_occur_lookup_values", "Accidental spill"),
        actionTaken: await lookupId(api, "/actions_taken_lookup_values", "Cleaned with water"),
        notes: "Ink pen leaked on the seat.",
      },
    ],
  });
  const send = (base: string) =>
    sessionFetch(jar, `${base}/api/v1/insert_claim_item_damage`, {
      method: "POST",
      body,
      headers: { "x-api-key": API_KEY, "content-type": "application/json", "idempotency-key": KEY },
    });

  const exited = new Promise((resolve) => child!.once("exit", (_code, signal) => resolve(signal)));
  await expect(send(url)).rejects.toThrow(); // the process died: no answer
  expect(await exited).toBe("SIGKILL");

  restarted = await startTestServer(settings);
  // As if the retry came after the previous version's 120 s window, past which it took a key left
  // without an answer as abandoned and did the write again.
  await restarted.db.query("UPDATE idempotency_keys SET created_at = created_at - interval '10 minutes'");
  const retry = await send(restarted.url);
  const answer = retry.ok
    ? ((await retry.json()) as { multipleDamageIds: number[] })
    : { multipleDamageIds: [], error: await retry.text() };
  const rows = await restarted.db.query<{ id: number }>(
    "SELECT d.id FROM damages d JOIN claim_items i ON i.id = d.claim_item_id WHERE i.claim_id = $1",
    [claimId],
  );
  return { retry, answer, damages: rows.map((row) => row.id) };
}

describe("a keyed write across a crash", () => {
  it("killed after the write, before its answer was kept: neither stayed, the retry writes once", async () => {
    const { retry, answer, damages } = await damageAcrossCrash("record");
    expect(damages).toHaveLength(1);
    expect([retry.status, retry.headers.get("idempotent-replayed")], JSON.stringify(answer)).toEqual([200, null]);
    expect(answer.multipleDamageIds).toEqual(damages);
  }, 60_000);

  it("killed once the answer was made, before it was sent: the retry gets that answer, one damage", async () => {
    const { retry, answer, damages } = await damageAcrossCrash("answer");
    expect(damages).toHaveLength(1);
    expect([retry.status, retry.headers.get("idempotent-replayed")], JSON.stringify(answer)).toEqual([200, "true"]);
    expect(answer.multipleDamageIds).toEqual(damages);
  }, 60_000);
});
