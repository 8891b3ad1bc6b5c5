/**
 * Several API processes starting at once on one new PostgreSQL database (docs/deployment.md):
 * each opens the database and migrates it, and exactly one of them does the work. Before the
 * table of migrations was made under the migrations' lock, two of them could both create it and
 * one died on PostgreSQL's pg_type unique index (seen once in the scale-out test).
 */
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../server/db/db.ts";
import { createTestDatabase, dropTestDatabase } from "../server/test-database.ts";

const created: string[] = [];
afterAll(async () => {
  for (const url of created) await dropTestDatabase(url);
});

describe("migrations under concurrent starts", () => {
  it("six openings at once of each of five new databases all succeed and apply each migration once", async () => {
    for (let round = 0; round < 5; round++) {
      const url = await createTestDatabase();
      created.push(url);
      const opened: Database[] = await Promise.all(
        Array.from({ length: 6 }, () => openDatabase({ dataDir: "unused", databaseUrl: url })),
      );
      const rows = await opened[0]!.query<{ name: string; times: number }>(
        "SELECT name, count(*)::int AS times FROM schema_migrations GROUP BY name",
      );
      expect(rows.length).toBeGreaterThan(5);
      expect(rows.every((row) => row.times === 1)).toBe(true);
      await Promise.all(opened.map((db) => db.close()));
    }
  });
});
