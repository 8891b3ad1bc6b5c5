/** FPP lookup lists (SPEC.md section 7, "Lookups"): an empty list when a call fails. */
import type { ClaimOptions, Lookup } from "../../machines/domain.ts";
import { http } from "./http.ts";
import { lookupListSchema } from "../../contract/schemas.ts";

async function lookupList(path: string): Promise<Lookup[]> {
  try {
    return (await http.get(path).json(lookupListSchema)).result;
  } catch {
    // The spec keeps a screen usable without one list; the empty select still says 'Please select an option'.
    return [];
  }
}

/** Loads every FPP option list a claim needs, in parallel. Never rejects. */
export async function fetchClaimOptions(): Promise<ClaimOptions> {
  const [manufacturers, materials, colors, damageTypes, specificDamages, howItHappened, remedies] = await Promise.all([
    lookupList("all_manufacturer"),
    lookupList("all_material"),
    lookupList("all_color"),
    lookupList("damage_type_lookup_values"),
    lookupList("specific_damage_lookup_values"),
    lookupList("how_did_it_occur_lookup_values"),
    lookupList("actions_taken_lookup_values"),
  ]);
  return { manufacturers, materials, colors, damageTypes, specificDamages, howItHappened, remedies };
}

/** Item types for the missing line item form. */
export function fetchItemTypes(): Promise<Lookup[]> {
  return lookupList("all_item_type");
}
