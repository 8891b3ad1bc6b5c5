/**
 * The probes (server/routes/health.ts): /healthz answers whatever the dependencies do; /readyz
 * names what keeps the process from serving: its database, a migration not applied, its storage,
 * or a shutdown begun. Neither wants the API key nor counts against a limit.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app.ts";
import type { Database } from "../../server/db/db.ts";
import type { Storage } from "../../server/storage/storage.ts";
import { startTestServer, type TestServer } from "./helpers.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ rateLimits: { searchPerAddress: [1, 600], planLookupPerAddress: [1, 600] } });
});
afterAll(async () => {
  await server?.stop();
});

const probe = async (app: { request: (path: string) => Response | Promise<Response> }, path: string) => {
  const response = await app.request(path);
  return { status: response.status, body: await response.json(), cache: response.headers.get("cache-control") };
};

describe("the probes", () => {
  it("answer without the API key, never rate limited, and are never cached", async () => {
    for (let i = 0; i < 5; i++) {
      expect(await probe({ request: (path) => fetch(`${server.url}${path}`) }, "/healthz")).toEqual({
        status: 200,
        body: { status: "ok" },
        cache: "no-store",
      });
      expect(await probe({ request: (path) => fetch(`${server.url}${path}`) }, "/readyz")).toEqual({
        status: 200,
        body: { status: "ready" },
        cache: "no-store",
      });
    }
  });

  it("readiness names a database that does not answer, a migration not applied, storage that fails, and a shutdown begun", async () => {
    const down = { query: () => Promise.reject(new Error("connection refused")) } as unknown as Database;
    const behind = {
      query: async (sql: string) => (sql.includes("schema_migrations") ? [{ name: "001_init.sql" }] : []),
    } as unknown as Database;
    const brokenStorage = { ...server.storage, list: () => Promise.reject(new Error("bucket unreachable")) } as Storage;
    const appOf = (deps: Partial<Parameters<typeof createApp>[0]>) =>
      createApp({ db: server.db, storage: server.storage, config: server.config, ...deps });

    expect(await probe(appOf({ db: down }), "/readyz")).toMatchObject({
      status: 503,
      body: { status: "unavailable", code: "NOT_READY", failed: ["database"] },
    });
    expect(await probe(appOf({ db: behind }), "/readyz")).toMatchObject({
      status: 503,
      body: { failed: ["migrations"] },
    });
    expect(await probe(appOf({ storage: brokenStorage }), "/readyz")).toMatchObject({
      status: 503,
      body: { failed: ["storage"] },
    });
    expect(await probe(appOf({ lifecycle: { draining: true } }), "/readyz")).toMatchObject({
      status: 503,
      body: { failed: ["draining"] },
    });
    // Liveness asks nothing of them.
    expect(
      await probe(appOf({ db: down, storage: brokenStorage, lifecycle: { draining: true } }), "/healthz"),
    ).toMatchObject({ status: 200 });
  });
});
