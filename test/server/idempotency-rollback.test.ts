/**
 * A keyed write answered 500 or above rolls back with its key (server/http/idempotency.ts): nothing
 * of it stays, the email it queued is never sent, and the retry with the same key does it once.
 * The route fails after its write in an app built here over the server's database, whose
 * transactions throw once done (as a route whose storage call fails after its write would).
 */
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "../../server/app.ts";
import type { Database } from "../../server/db/db.ts";
import { API_KEY, CookieJar, demoPlan, makeApi, startTestServer, type TestServer } from "./helpers.ts";
import { startSmtpSink, type SmtpSink } from "./mail-helpers.ts";

let sink: SmtpSink;
let server: TestServer;
let app: Hono;
let failAfterWrite = false;
beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer({ smtpUrl: sink.url, publicUrl: "https://claims.portal.test" });
  const db: Database = {
    ...server.db,
    transaction: async (fn) => {
      const done = await server.db.transaction(fn);
      if (failAfterWrite) throw new Error("failed after the write (injected)");
      return done;
    },
  };
  app = createApp({ db, config: server.config, storage: server.storage });
});
afterAll(async () => {
  await server?.stop();
  await sink?.close();
});

describe("a keyed write answered 500", () => {
  it("keeps nothing of it, never sends its email, and the retry with the key does it once", async () => {
    const jar = new CookieJar();
    const plan = await demoPlan(makeApi(`${server.url}/api/v1`, API_KEY, jar), "W-D12-DR0001");
    const [draft] = await server.db.query<{ id: number }>(
      "SELECT id FROM claims WHERE plan_id = $1 AND status = 'Draft'",
      [plan.id],
    );
    const ask = () =>
      app.request("/api/v1/finish_later", {
        method: "POST",
        headers: {
          "x-api-key": API_KEY,
          "content-type": "application/json",
          "idempotency-key": "failed-write-key-000000001",
          cookie: jar.header()!,
        },
        body: JSON.stringify({ claimId: draft!.id, step: 3 }),
      });
    const queued = () =>
      server.db.query<{ sent: boolean }>(
        "SELECT sent_at IS NOT NULL AS sent FROM mail_outbox WHERE template = 'finishLater' AND claim_id = $1",
        [draft!.id],
      );

    failAfterWrite = true;
    expect((await ask()).status).toBe(500);
    expect(await queued()).toEqual([]);
    expect(await server.db.query("SELECT status FROM idempotency_keys")).toEqual([]);

    failAfterWrite = false;
    const retry = await ask();
    expect([retry.status, retry.headers.get("idempotent-replayed")], await retry.clone().text()).toEqual([200, null]);
    await vi.waitFor(async () => expect(await queued()).toEqual([{ sent: true }]), { timeout: 30_000, interval: 25 });
    // The worker was woken by the failed write's email too, yet sent the retry's alone.
    expect(sink.received).toHaveLength(1);
  });
});
