/**
 * Names of lookup rows (damage types, colors, ...) in the caller's language (SPEC.md section 9: en
 * and es): Spanish where a row has a Spanish name, English otherwise.
 */
import type { Locale } from "../../contract/locales.ts";

/** A language lookup names are answered in. */
export type Language = Locale;

/**
 * SQL for the name of lookup row `alias` in a language. `alias` is a table alias written in the
 * query itself and `language` one of two constants, so nothing from a request enters the SQL text.
 */
export function lookupName(alias: string, language: Language): string {
  return language === "es" ? `COALESCE(${alias}.name_es, ${alias}.name)` : `${alias}.name`;
}
