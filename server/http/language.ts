/**
 * The language a call asks for (Accept-Language): Spanish when
 * its first language is Spanish, English otherwise. Lookup names are answered in it, falling back
 * to English where a value has no Spanish name.
 */
import type { Context } from "hono";

export type Language = "en" | "es";

export function languageOf(c: Context): Language {
  const first = (c.req.header("accept-language") ?? "").split(",")[0]?.trim().toLowerCase() ?? "";
  return first === "es" || first.startsWith("es-") ? "es" : "en";
}

/**
 * SQL for the name of lookup row `alias` in a language. `alias` is a table alias written in the
 * query itself and `language` one of two constants, so nothing from a request enters the SQL text.
 */
export function lookupName(alias: string, language: Language): string {
  return language === "es" ? `COALESCE(${alias}.name_es, ${alias}.name)` : `${alias}.name`;
}
