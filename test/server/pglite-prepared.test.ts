/**
 * Prepared statements on PGlite (server/db/pglite-prepared.ts): the same rows as PGlite's own
 * query() for every kind of parameter, errors as PostgreSQL reports them with the connection still
 * usable, never a statement inside another request's open transaction, and plans that follow
 * changes of the tables.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INT8_OID, parseInt8 } from "../../server/db/db.ts";
import { preparePglite } from "../../server/db/pglite-prepared.ts";
import { copyTemplate } from "../../server/db/pglite-template.ts";

let pg: PGlite;
let query: ReturnType<typeof preparePglite>["query"];
let transaction: ReturnType<typeof preparePglite>["transaction"];

let folder: string;

beforeAll(async () => {
  // Any database will do: a copy of the server's seeded template opens for about a seventh of the
  // CPU PGlite spends creating a cluster (initdb); with no template yet, PGlite creates one.
  folder = await mkdtemp(join(tmpdir(), "pglite-prepared-"));
  await copyTemplate(join(folder, "pg"));
  pg = await PGlite.create(join(folder, "pg"), { parsers: { [INT8_OID]: parseInt8 } });
  await pg.exec(`
    CREATE TABLE things (id bigint PRIMARY KEY, name text, price numeric(12, 2), made date, tags text[], live boolean NOT NULL DEFAULT true);
    INSERT INTO things VALUES (1, 'chair', 10.50, '2025-01-02', '{a,b}', true), (9007199254740991, NULL, NULL, NULL, NULL, false);`);
  ({ query, transaction } = preparePglite(pg));
});
afterAll(async () => {
  await pg.close();
  await rm(folder, { recursive: true, force: true });
});

describe("prepared queries on PGlite", () => {
  it("answer the rows PGlite's query() answers, for every kind of parameter, again and again", async () => {
    const cases: [string, unknown[]][] = [
      ["SELECT * FROM things WHERE id = $1", [1]],
      ["SELECT * FROM things WHERE id = ANY($1::bigint[]) ORDER BY id", ["{1,9007199254740991}"]],
      ["SELECT * FROM things WHERE $1::text IS NULL OR name = $1 ORDER BY id", [null]],
      ["SELECT * FROM things WHERE name = $1", ["chair"]],
      ["SELECT * FROM things WHERE tags && $1::text[]", [["b", "z"]]],
      ["SELECT * FROM things WHERE live = $1", [false]],
      [
        "SELECT to_char(made, 'YYYY-MM-DD') AS made, price::float8 AS price, json_build_object('id', id) AS json FROM things ORDER BY id",
        [],
      ],
      ["SELECT count(*)::int AS n FROM things WHERE id > $1", [0]],
    ];
    for (let round = 0; round < 7; round++) {
      for (const [sql, params] of cases) expect(await query(sql, params)).toEqual((await pg.query(sql, params)).rows);
    }
  });

  it("write like query(): the change is there for the next statement", async () => {
    expect(await query("INSERT INTO things (id, name) VALUES ($1, $2) RETURNING id, name", [5, "table"])).toEqual([
      { id: 5, name: "table" },
    ]);
    expect(await query("DELETE FROM things WHERE id = $1 RETURNING id", [5])).toEqual([{ id: 5 }]);
    expect(await query("SELECT id FROM things WHERE id = $1", [5])).toEqual([]);
  });

  it("reject with PostgreSQL's error code, and the connection stays usable", async () => {
    await expect(query("SELECT nothing FROM things")).rejects.toMatchObject({ code: "42703" });
    await expect(query("SELECT id FROM things WHERE id = $1", ["not a number"])).rejects.toMatchObject({
      code: "22P02",
    });
    await expect(query("INSERT INTO things (id) VALUES ($1)", [1])).rejects.toMatchObject({ code: "23505" });
    expect(await query("SELECT id FROM things WHERE id = $1", [1])).toEqual([{ id: 1 }]);
    await expect(query("SELECT nothing FROM things")).rejects.toMatchObject({ code: "42703" });
  });

  it("wait for an open transaction instead of running inside it", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedPromise = new Promise<void>((resolve) => (inserted = resolve));
    const open = transaction(async (tx) => {
      await tx.query("INSERT INTO things (id, name) VALUES (6, 'rolled back')");
      inserted();
      await held;
      await tx.rollback();
    });
    await insertedPromise;
    const read = query<{ id: number }>("SELECT id FROM things WHERE id = $1", [6]);
    release();
    await open;
    // Run inside the transaction, the read would have seen the row it rolled back.
    expect(await read).toEqual([]);
  });

  it("follow changes of the tables a statement reads", async () => {
    const sql = "SELECT id, name FROM things WHERE id = $1";
    expect(await query(sql, [1])).toEqual([{ id: 1, name: "chair" }]);
    await pg.exec("ALTER TABLE things ADD COLUMN colour text; CREATE INDEX things_name ON things (name)");
    await pg.exec("UPDATE things SET name = 'stool' WHERE id = 1");
    expect(await query(sql, [1])).toEqual([{ id: 1, name: "stool" }]);
  });
});
