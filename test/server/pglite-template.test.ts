/**
 * New data folders start from a seeded template (server/db/pglite-template.ts, for a fast cold start):
 * the first folder seeded saves it, the next one is loaded from it, demo data and ids alike, and
 * is then a database of its own, kept across restarts, while the template stays as it was saved.
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keepTemplatesIn, templatePath } from "../../server/db/pglite-template.ts";
import { startTestServer } from "./helpers.ts";

const customers = async (server: Awaited<ReturnType<typeof startTestServer>>) =>
  server.db.query<{ id: number; email: string }>("SELECT id, email FROM customers ORDER BY email");

describe("the seeded template of new data folders", () => {
  // A template folder of this file's own, empty at first: the shared one in node_modules/.cache is
  // being copied by the server tests running beside this file, and stays as it is.
  let templates: string;
  beforeAll(async () => {
    templates = await mkdtemp(join(tmpdir(), "claims-pglite-templates-"));
    keepTemplatesIn(templates);
  });
  afterAll(async () => {
    keepTemplatesIn(undefined);
    await rm(templates, { recursive: true, force: true });
  });

  it("is saved by the first folder seeded, and the next new folder starts from it", async () => {
    expect(existsSync(templatePath())).toBe(false);
    const first = await startTestServer({ databaseUrl: undefined });
    try {
      expect(existsSync(templatePath())).toBe(true);
      const second = await startTestServer({ databaseUrl: undefined });
      try {
        const seeded = await customers(first);
        expect(seeded.length).toBeGreaterThan(3);
        // Random ids (migration 006) come out the same only when the folder was loaded, not seeded.
        expect(await customers(second)).toEqual(seeded);
        // Each folder is its own database from then on.
        await second.db.query("DELETE FROM customers WHERE email = $1", [seeded[0]!.email]);
        expect(await customers(first)).toEqual(seeded);
      } finally {
        await second.stop();
      }
    } finally {
      await first.stop();
    }
  });

  it("gives each new folder its own copy: a restart finds the folder's writes, the next new folder does not", async () => {
    const changed = await startTestServer({ databaseUrl: undefined });
    let restarted: Awaited<ReturnType<typeof startTestServer>> | undefined;
    try {
      const seeded = await customers(changed);
      await changed.db.query("DELETE FROM customers WHERE email = $1", [seeded[0]!.email]);
      await changed.close();
      restarted = await startTestServer(changed.data);
      expect(await customers(restarted)).toEqual(seeded.slice(1));
      const next = await startTestServer({ databaseUrl: undefined });
      try {
        expect(await customers(next)).toEqual(seeded);
        // The template keeps only the server's database (pglite-template.ts, saveTemplate).
        expect(await next.db.query("SELECT datname FROM pg_database ORDER BY datname")).toEqual([
          { datname: "postgres" },
        ]);
      } finally {
        await next.stop();
      }
    } finally {
      await (restarted ?? changed).stop();
    }
  });
});
