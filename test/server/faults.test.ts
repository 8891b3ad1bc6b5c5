/**
 * Injected faults (server/http/faults.ts): the FAULTS setting is read strictly; a refused call
 * writes nothing, a dropped answer comes after the write, an ACE submit can answer 504 once the
 * claim is taken, and no call is faulted more than `maxInARow` times running.
 */
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config.ts";
import { parseFaults, type FaultSettings } from "../../server/http/faults.ts";
import { claimBody, demoPlan, startTestServer, type TestServer } from "./helpers.ts";

const none: FaultSettings = { latencyMs: 0, error: 0, drop: 0, aceSubmit504: 0, maxInARow: 2 };

describe("the FAULTS setting", () => {
  it("reads latency, shares and the run limit; empty means no faults", () => {
    expect(parseFaults("latency:300ms,error:0.1,drop:0.05,ace504:1")).toEqual({
      latencyMs: 300,
      error: 0.1,
      drop: 0.05,
      aceSubmit504: 1,
      maxInARow: 2,
    });
    expect(parseFaults("error:1,maxInARow:5")).toEqual({ ...none, error: 1, maxInARow: 5 });
    expect(parseFaults("")).toBeNull();
    expect(parseFaults(undefined)).toBeNull();
    expect(loadConfig({}).faults).toBeNull();
  });

  it("refuses what it cannot read, naming the part", () => {
    for (const bad of ["error:2", "drop:-0.1", "latency:fast", "explode:1", "error"]) {
      expect(() => parseFaults(bad), bad).toThrow(/FAULTS: cannot read/);
    }
    expect(() => loadConfig({ FAULTS: "error:7" })).toThrow(
      /Invalid server settings: FAULTS: FAULTS: cannot read "error:7"/,
    );
  });
});

describe("faults on a running server", () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  /** Counts rows of a table. */
  const count = async (table: string) =>
    Number((await server!.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n);

  it("error: refused with 503 before the call runs, so nothing is written; at most twice running", async () => {
    server = await startTestServer({ faults: { ...none, error: 1 } });
    const plan = await retried(() => demoPlan(server!.api, "W-E34-WS4566"));
    const claims = await count("claims");
    const first = await server.api.post("/insert_claim", claimBody(plan.id, plan.customerId));
    const second = await server.api.post("/insert_claim", claimBody(plan.id, plan.customerId));
    expect([first.status, second.status]).toEqual([503, 503]);
    expect(first.body.code).toBe("FAULT_INJECTED");
    expect(await count("claims")).toBe(claims);
    const third = await server.api.post("/insert_claim", claimBody(plan.id, plan.customerId));
    expect(third.status).toBe(200);
    expect(await count("claims")).toBe(claims + 1);
  });

  it("drop: the call runs and its answer is lost", async () => {
    server = await startTestServer({ faults: { ...none, drop: 1, maxInARow: 1 } });
    const plan = await retried(() => demoPlan(server!.api, "W-E34-WS4566"));
    const claims = await count("claims");
    await expect(server.api.post("/insert_claim", claimBody(plan.id, plan.customerId))).rejects.toThrow();
    expect(await count("claims")).toBe(claims + 1); // written, though nobody heard
    const again = await server.api.post("/insert_claim", claimBody(plan.id, plan.customerId));
    expect(again.body.code ?? again.body.message).toMatch(/DRAFT_EXIST/);
  });

  it("ace504: only a submit the server took is answered 504; an incomplete claim hears why", async () => {
    server = await startTestServer({ faults: { ...none, aceSubmit504: 1 } });
    const plan = await demoPlan(server.api, "A-300-100200");
    const created = await server.api.post("/ace/insert_claim", claimBody(plan.id, plan.customerId));
    const claimId = created.body.result?.claim_id ?? created.body.claimId;
    expect(claimId, JSON.stringify(created.body)).toEqual(expect.any(Number));
    const submit = await server.api.put(`/ace/submit_claim/${claimId}`);
    expect([submit.status, submit.body.message]).toEqual([200, "Claim is incomplete"]);
    expect((await server.api.put("/ace/submit_claim/999999")).status).toBe(404);
  });
});

/** The demo search may itself meet a fault: try it the way a retrying client would. */
async function retried<T>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}
