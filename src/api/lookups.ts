/** FPP lookup lists (SPEC.md section 7, "Lookups"): empty lists when a call fails. */
import * as v from "valibot";
import type { ClaimOptions, Lookup } from "../../machines/domain.ts";
import { http, type ApiClient } from "./http.ts";
import { claimLookupsSchema, lookupListSchema, type ClaimLookupPath } from "../../contract/schemas.ts";
import { shownLocale, type Locale } from "../i18n.ts";

async function lookupList(path: string): Promise<Lookup[]> {
  try {
    return (await http.get(path).json(lookupListSchema)).result;
  } catch {
    // The spec keeps a screen usable without one list; the empty select still says 'Please select an option'.
    return [];
  }
}

/** Which claim option list each list of GET /lookups fills (its key is the SPEC call answering it alone). */
const OPTION_OF: Record<ClaimLookupPath, keyof ClaimOptions> = {
  all_manufacturer: "manufacturers",
  all_material: "materials",
  all_color: "colors",
  damage_type_lookup_values: "damageTypes",
  specific_damage_lookup_values: "specificDamages",
  how_did_it_occur_lookup_values: "howItHappened",
  actions_taken_lookup_values: "remedies",
};

/**
 * Loads every FPP option list a claim needs in one call (GET /lookups), which the browser keeps
 * per language. Never rejects: when the call fails, every list is empty, as SPEC.md asks of each
 * list's own call.
 * @param language the language of the names, by default the one on screen (or being put there)
 */
export async function fetchClaimOptions(
  language: Locale = shownLocale(),
  client: ApiClient = http,
): Promise<ClaimOptions> {
  try {
    return claimOptionsFromAnswer(await client.get(`lookups?lang=${language}`).json());
  } catch {
    // The screens stay usable; each empty select still says 'Please select an option'.
    return noOptions();
  }
}

function noOptions(): ClaimOptions {
  return {
    manufacturers: [],
    materials: [],
    colors: [],
    damageTypes: [],
    specificDamages: [],
    howItHappened: [],
    remedies: [],
  };
}

/** The option lists in an answer of GET /lookups. @throws ValiError when the answer is not one */
function claimOptionsFromAnswer(body: unknown): ClaimOptions {
  const options = noOptions();
  const { result } = v.parse(claimLookupsSchema, body);
  for (const [path, list] of Object.entries(result) as [ClaimLookupPath, Lookup[]][]) options[OPTION_OF[path]] = list;
  return options;
}

/** Item types for the missing line item form. */
export function fetchItemTypes(): Promise<Lookup[]> {
  return lookupList("all_item_type");
}
