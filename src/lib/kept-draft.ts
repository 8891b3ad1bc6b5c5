/**
 * A claim wizard's unsaved input kept in this tab's session storage: it survives a reload
 * (and a closed tab the browser reopens) on the same device, never leaves it, and goes when the
 * claim is submitted. One entry per claim: `claimDraft:{family}:{claimId}`.
 */
import * as v from "valibot";
import type { KeptDraft } from "../../machines/claim-drafts.ts";
import type { ClaimFamily } from "../../machines/claim-steps.ts";

const id = v.pipe(v.number(), v.integer());
const optionalId = v.optional(v.nullable(id));
const keyedById = <T extends v.GenericSchema>(value: T) => v.record(v.pipe(v.string(), v.regex(/^\d+$/)), value);

/** What may come back from storage: anything else (an older shape, a hand edit) is dropped, not trusted. */
const keptDraftSchema = v.object({
  selection: v.array(id),
  details: keyedById(v.object({ manufacturerId: v.optional(id), materialId: v.optional(id), colorId: v.optional(id) })),
  damages: keyedById(
    v.array(
      v.object({
        damageTypeId: v.optional(id),
        specificDamageId: optionalId,
        damageAreaId: v.optional(id),
        howItHappenedId: v.optional(id),
        remedyId: v.optional(id),
        noticedOn: v.optional(v.string()),
        note: v.optional(v.string()),
      }),
    ),
  ),
});

const keyOf = (family: ClaimFamily, claimId: number) => `claimDraft:${family}:${claimId}`;

/** The kept input of a claim, or null when there is none or it does not parse. */
export function loadKeptDraft(family: ClaimFamily, claimId: number): KeptDraft | null {
  try {
    const parsed = v.safeParse(
      keptDraftSchema,
      JSON.parse(window.sessionStorage.getItem(keyOf(family, claimId)) ?? "null"),
    );
    return parsed.success ? (parsed.output as KeptDraft) : null;
  } catch {
    return null;
  }
}

/** Keeps a claim's input; a full or refused storage only loses the copy, never the wizard. */
export function saveKeptDraft(family: ClaimFamily, claimId: number, draft: KeptDraft): void {
  try {
    window.sessionStorage.setItem(keyOf(family, claimId), JSON.stringify(draft));
  } catch {
    // Quota or privacy mode: the draft on screen is untouched.
  }
}

export function clearKeptDraft(family: ClaimFamily, claimId: number): void {
  try {
    window.sessionStorage.removeItem(keyOf(family, claimId));
  } catch {
    // Nothing kept, nothing to clear.
  }
}
