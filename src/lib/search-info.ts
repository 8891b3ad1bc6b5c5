/**
 * Saved search info (SPEC.md section 3): the last plan search, kept in local storage under
 * `searchInfo` with its search_type, so forms are prefilled and a reload can re-run it.
 */
import * as v from "valibot";
import type { PlanQuery } from "../../machines/domain.ts";
import { SEARCH_TYPES, searchPlanRequestSchema } from "../../contract/schemas.ts";
import { toSearchRequest } from "../api/plans.ts";

const KEY = "searchInfo";

export function saveSearchInfo(query: PlanQuery): void {
  window.localStorage.setItem(KEY, JSON.stringify(toSearchRequest(query)));
}

export function clearSearchInfo(): void {
  window.localStorage.removeItem(KEY);
}

/** The saved query, or null when none is saved or it no longer parses. */
export function loadSearchInfo(): PlanQuery | null {
  try {
    const parsed = v.safeParse(searchPlanRequestSchema, JSON.parse(window.localStorage.getItem(KEY) ?? "null"));
    if (!parsed.success) return null;
    const saved = parsed.output;
    if (saved.search_type === SEARCH_TYPES.warrantyNumber) return { by: "warrantyNumber", number: saved.number };
    const person = { firstName: saved.name_first, lastName: saved.name_last, zip: saved.zip_code };
    if (saved.search_type === SEARCH_TYPES.email) return { by: "email", ...person, email: saved.email };
    if (saved.search_type === SEARCH_TYPES.phone) return { by: "phone", ...person, phone: saved.phone_number };
    return { by: "invoice", ...person, invoice: saved.invoice_number };
  } catch {
    return null;
  }
}
