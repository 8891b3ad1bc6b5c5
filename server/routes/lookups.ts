/**
 * Lookup lists (SPEC.md section 7, "Lookups"): GET calls answering `{ result: [{ id, name }] }`,
 * names in the language the call asks for (Accept-Language), English where there is no other.
 * They hold no one's data and change only with a deployment, so, unlike every other API answer
 * (no-store), the browser may keep them for LOOKUP_MAX_AGE_S, one copy per language: a claim
 * reopened within that time asks for its lists again only if its language changed.
 *
 * GET /lookups answers the seven FPP lists a claim needs in one call (CLAIM_LOOKUP_PATHS), keyed by
 * the single call that answers each list alone, so a claim opened from a cold link waits for one
 * round trip instead of seven. Its language is in the URL (?lang=), one cached copy per language.
 */
import { Hono, type Context } from "hono";
import { etag } from "hono/etag";
import {
  claimLookupsQuerySchema,
  claimLookupsSchema,
  lookupListSchema,
  modelQuerySchema,
} from "../../contract/schemas.ts";
import type { AppDeps } from "../app-deps.ts";
import { languageOf } from "../http/language.ts";
import { LIST_ROUTES, MODEL_ROUTES } from "../domain/lookup-kinds.ts";
import { claimLookups, lookupList, modelLookupList } from "../domain/lookup-lists.ts";
import { validQuery } from "../http/validate.ts";
import { documented } from "../openapi/route-doc.ts";

/** How long a browser may keep a lookup list (seconds). */
export const LOOKUP_MAX_AGE_S = 600;

/**
 * Lets the browser alone keep the list, per language (no shared cache: the answer needs the API key).
 * @param byHeader whether Accept-Language chose the language (false when the URL names it)
 */
function keepable(c: Context, byHeader = true): void {
  c.header("Cache-Control", `private, max-age=${LOOKUP_MAX_AGE_S}`);
  if (byHeader) c.header("Vary", "Accept-Language", { append: true });
}

/** Routes of every lookup list, to mount under /api/v1. */
export function lookupRoutes({ db }: AppDeps): Hono {
  const app = new Hono();
  // A browser whose copy has expired asks again with If-None-Match; an unchanged answer is a bodiless 304.
  app.get(
    "/lookups",
    documented({
      id: "lookups",
      tag: "Lookups",
      summary: "The seven FPP lists a claim needs, in one answer",
      description:
        "An addition to SPEC.md: each list exactly as its own call answers it. Without `lang`, the language of Accept-Language.",
      access: "key",
      answer: claimLookupsSchema,
      errors: [400],
      etag: true,
    }),
    etag(),
    validQuery(claimLookupsQuerySchema),
    async (c) => {
      const { lang } = c.req.valid("query");
      const result = await claimLookups(db, lang ?? languageOf(c));
      keepable(c, lang === undefined);
      return c.json({ result });
    },
  );
  for (const [path, kind] of Object.entries(LIST_ROUTES)) {
    app.get(
      path,
      documented({
        id: path.slice(1).replace("/", "_"),
        tag: "Lookups",
        summary: `The ${path.slice(1)} list`,
        access: "key",
        answer: lookupListSchema,
        errors: [],
        description:
          "Names in the language of Accept-Language (English or Spanish). Cached by the browser for 10 minutes.",
      }),
      async (c) => {
        const result = await lookupList(db, kind, languageOf(c));
        keepable(c);
        return c.json({ result });
      },
    );
  }
  // Per-model ACE lists: the model's own entries, then those valid for every model.
  for (const [path, kind] of Object.entries(MODEL_ROUTES)) {
    app.get(
      path,
      documented({
        id: path.slice(1).replace("/", "_"),
        tag: "Lookups",
        summary: `The ${path.slice(1)} list of one model`,
        access: "key",
        answer: lookupListSchema,
        errors: [400],
        queryNotes: { modelNo: "The damaged item's model number, any case" },
        description: "The model's own entries first, then those valid for every model.",
      }),
      validQuery(modelQuerySchema),
      async (c) => {
        const { modelNo } = c.req.valid("query");
        const result = await modelLookupList(db, kind, modelNo, languageOf(c));
        keepable(c);
        return c.json({ result });
      },
    );
  }
  return app;
}
