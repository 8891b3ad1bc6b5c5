/**
 * Lookup lists (SPEC.md section 7, "Lookups"): GET calls answering `{ result: [{ id, name }] }`,
 * names in the language the call asks for (Accept-Language), English where there is no other.
 * They hold no one's data and change only with a deployment, so, unlike every other API answer
 * (no-store), the browser may keep them for LOOKUP_MAX_AGE_S, one copy per language: a claim
 * reopened within that time asks for its lists again only if its language changed.
 */
import { Hono, type Context } from "hono";
import * as v from "valibot";
import type { Lookup } from "../../contract/schemas.ts";
import type { AppDeps } from "../app-deps.ts";
import { languageOf, lookupName } from "../language.ts";
import { LIST_ROUTES, MODEL_ROUTES } from "../lookup-kinds.ts";
import { parseQuery } from "../validation.ts";

/** How long a browser may keep a lookup list (seconds). */
export const LOOKUP_MAX_AGE_S = 600;

/** Lets the browser alone keep the list, per language (no shared cache: the answer needs the API key). */
function keepable(c: Context): void {
  c.header("Cache-Control", `private, max-age=${LOOKUP_MAX_AGE_S}`);
  c.header("Vary", "Accept-Language", { append: true });
}

const modelQuerySchema = v.object({ modelNo: v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(64)) });

/** Routes of every lookup list, to mount under /api/v1. */
export function lookupRoutes({ db }: AppDeps): Hono {
  const app = new Hono();
  for (const [path, kind] of Object.entries(LIST_ROUTES)) {
    app.get(path, async (c) => {
      const result = await db.query<Lookup>(
        `SELECT l.id, ${lookupName("l", languageOf(c))} AS name FROM lookup_values l WHERE l.kind = $1 AND l.model_no IS NULL ORDER BY l.id`,
        [kind],
      );
      keepable(c);
      return c.json({ result });
    });
  }
  // Per-model ACE lists: the model's own entries, then those valid for every model.
  for (const [path, kind] of Object.entries(MODEL_ROUTES)) {
    app.get(path, async (c) => {
      const { modelNo } = parseQuery(c, modelQuerySchema);
      const result = await db.query<Lookup>(
        `SELECT l.id, ${lookupName("l", languageOf(c))} AS name FROM lookup_values l
         WHERE l.kind = $1 AND (upper(l.model_no) = upper($2) OR l.model_no IS NULL)
         ORDER BY l.model_no IS NULL, l.id`,
        [kind, modelNo],
      );
      keepable(c);
      return c.json({ result });
    });
  }
  return app;
}
