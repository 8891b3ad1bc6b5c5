/**
 * `npm run claim-status -- CL-123 in_review` end to end: the command, run as its own process with
 * the server's DATA_DIR and PUBLIC_URL, moves a claim of a running server forward through the staff
 * call with the key it reads from DATA_DIR/staff-key, and says clearly when it cannot (an unknown
 * claim, a code two claims share, a step not forward, a wrong key, no server, a wrong command line).
 */
import { execFile } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers.ts";

const ROOT = join(import.meta.dirname, "..", "..");

let server: TestServer;
/** The seeded In process claim's number (its current step: decision). */
let paul: string;

beforeAll(async () => {
  server = await startTestServer();
  const [claim] = await server.db.query<{ id: number }>("SELECT id FROM claims WHERE status_code = 'CS-P55-0001'");
  paul = `CL-${claim!.id}`;
});
afterAll(async () => {
  await server?.stop();
});

/** Runs the command with the server's settings (and `env` over them); its exit code and output. */
function claimStatus(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; out: string; err: string }> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "scripts/claim-status.ts", "--", ...args],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? "", DATA_DIR: server.dataDir, PUBLIC_URL: server.url, ...env },
        timeout: 120_000,
      },
      (error, out, err) => done({ code: error ? Number(error.code ?? 1) : 0, out, err }),
    );
  });
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((listening) => probe.listen(0, "127.0.0.1", listening));
  const { port } = probe.address() as { port: number };
  await new Promise((closed) => probe.close(closed));
  return port;
}

describe("npm run claim-status", () => {
  it("moves a claim forward and prints its new status, which the server then holds", async () => {
    const moved = await claimStatus([paul, "service"]);
    expect(moved, moved.err).toMatchObject({ code: 0 });
    expect(moved.out).toContain(`${paul} is now service (status "In process"); next: closed, expected by `);
    const steps = await server.db.query<{ step: string }>(
      "SELECT e.step FROM claim_events e JOIN claims c ON c.id = e.claim_id WHERE c.status_code = 'CS-P55-0001' ORDER BY e.at",
    );
    expect(steps.map((event) => event.step)).toEqual(["submitted", "in_review", "decision", "service"]);
  });

  it("takes a decision with its outcome, after the step or as --outcome, and a denial's reason; refuses a decision without one", async () => {
    const [{ id }] = (await server.db.query<{ id: number }>(
      "SELECT id FROM claims WHERE status_code = 'CS-P55-0001'",
    )) as [{ id: number }];
    const bare = await claimStatus([paul, "decision"]);
    expect(bare.code).toBe(2);
    expect(bare.err).toContain("The decision takes its outcome: approved, replaced, refunded, denied");
    expect((await claimStatus([paul, "service", "approved"])).code).toBe(2);
    // The seeded claim reached its decision without an outcome: it is recorded afresh here.
    await server.db.query(
      "DELETE FROM claim_events WHERE claim_id = $1 AND step IN ('decision', 'service', 'closed')",
      [id],
    );
    const denied = await claimStatus([
      paul,
      "decision",
      "--outcome",
      "denied",
      "--reason",
      "Wear and tear is not covered",
    ]);
    expect(denied, denied.err).toMatchObject({ code: 0 });
    expect(denied.out).toContain(
      `${paul} is now decision (status "In process"); decision: denied (Wear and tear is not covered)`,
    );
    await server.db.query("DELETE FROM claim_events WHERE claim_id = $1 AND step = 'decision'", [id]);
    const approved = await claimStatus([paul, "decision", "approved"]);
    expect(approved.out).toContain("decision: approved;");
  });

  it("says so when the step is not forward, the claim unknown, the key wrong or no server answers", async () => {
    // Its own claim state, whatever ran before: the claim has reached service (as staff moving it would leave it).
    await server.db.query(
      "INSERT INTO claim_events (claim_id, step) SELECT id, 'service' FROM claims WHERE status_code = 'CS-P55-0001' ON CONFLICT DO NOTHING",
    );
    const again = await claimStatus([paul, "decision", "approved"]);
    expect(again.code).toBe(1);
    expect(again.err).toContain(`${paul} was not moved: The claim has reached service; it moves forward only`);

    for (const code of ["CL-1", "CS-NOPE-0001"]) {
      const unknown = await claimStatus([code, "closed"]);
      expect(unknown.code).toBe(1);
      expect(unknown.err).toContain(`${code}: unknown claim: no submitted claim has this number or code`);
    }

    const wrongKey = await claimStatus([paul, "closed"], { STAFF_KEY: "not-the-servers-staff-key" });
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.err).toContain("The server refused the staff key");

    const port = await closedPort();
    const noServer = await claimStatus([paul, "closed"], { PUBLIC_URL: `http://127.0.0.1:${port}` });
    expect(noServer.code).toBe(1);
    expect(noServer.err).toContain(`No server answers at http://127.0.0.1:${port}`);

    // Nothing of that moved the claim.
    const [claim] = await server.db.query<{ status: string }>(
      "SELECT status FROM claims WHERE status_code = 'CS-P55-0001'",
    );
    expect(claim!.status).toBe("In process");
  });

  it("refuses a code two claims share, naming it, and moves neither", async () => {
    // Only a database without migration 016's unique index can hold this; the old lookup moved the oldest.
    await server.db.query("DROP INDEX claims_status_code");
    const [twin] = await server.db.query<{ id: number }>(
      `INSERT INTO claims (plan_id, customer_id, status, status_code, damage_date, claim_date, allow_sms, submitted_at)
       SELECT id, customer_id, 'Open', 'CS-P55-0001', '2025-09-01', '2025-09-02 10:00:00', true, now() FROM plans WHERE number = 'W-K77-AB1020' RETURNING id`,
    );
    try {
      const before = await server.db.query("SELECT claim_id, step FROM claim_events ORDER BY claim_id, step");
      const ambiguous = await claimStatus(["CS-P55-0001", "closed"]);
      expect(ambiguous.code).toBe(1);
      expect(ambiguous.err).toContain(
        "CS-P55-0001: ambiguous code: more than one claim has it, so nothing was moved; name the claim by its number (CL-…)",
      );
      expect(await server.db.query("SELECT claim_id, step FROM claim_events ORDER BY claim_id, step")).toEqual(before);
    } finally {
      await server.db.query("DELETE FROM claims WHERE id = $1", [twin!.id]);
      await server.db.query(
        "CREATE UNIQUE INDEX claims_status_code ON claims (status_code) WHERE status_code IS NOT NULL",
      );
    }
  });

  it("explains its use when the command line is wrong", async () => {
    for (const args of [[paul], ["123", "approved"]]) {
      const wrong = await claimStatus(args);
      expect(wrong.code, args.join(" ")).toBe(2);
      expect(wrong.err).toContain("Usage: npm run claim-status -- <claim number> <step>");
      expect(wrong.err).toContain("submitted, in_review, decision, service, closed");
    }
  });
});
