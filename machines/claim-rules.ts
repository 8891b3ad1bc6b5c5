/**
 * Field rules of the claim wizards' item-details and damage steps (SPEC.md section 5), as valibot schemas whose
 * messages are codes. One source: the machine's guards decide with them and the screens show their
 * messages (translated through src/lib/messages.ts), so the two cannot disagree.
 */
import * as v from "valibot";
import { isRealDay, isWithinNoticeRange } from "./calendar.ts";
import type { DamageEntry, ItemDetails } from "./domain.ts";

// The date rules themselves are luxon's work in calendar.ts; 'today' is named here as well, with
// the rules that use it.
export { localToday } from "./calendar.ts";

/** The spec's date field: an ISO date between 2000-01-01 and today ('Please select a date'). */
export const pastDate = v.pipe(
  v.string("selectDate"),
  v.nonEmpty("selectDate"),
  v.isoDate("dateInvalid"),
  v.check(isRealDay, "dateInvalid"),
  v.check((date) => isWithinNoticeRange(date), "dateOutOfRange"),
);

const lookupChoice = v.pipe(v.number("selectOption"), v.integer("selectOption"), v.minValue(1, "selectOption"));

/** Step 3: manufacturer, material and color are required per chosen item. */
export const itemDetailsSchema = v.object({
  manufacturerId: lookupChoice,
  materialId: lookupChoice,
  colorId: lookupChoice,
});

/**
 * Step 4: every field of a damage block is required; the date lies between 2000-01-01 and today.
 * The specific damage is required where the claim offers specific damages (SPEC.md section 5,
 * "specific damage where present"); see damageSchemaFor.
 */
const damageEntrySchema = v.object({
  damageTypeId: lookupChoice,
  specificDamageId: lookupChoice,
  damageAreaId: lookupChoice,
  noticedOn: pastDate,
  howItHappenedId: lookupChoice,
  remedyId: lookupChoice,
  note: v.pipe(v.string("required"), v.trim(), v.nonEmpty("required"), v.maxLength(2000)),
});

/** A blank value of each form, so an untouched field reports its own message, not a missing key. */
export const BLANK_ITEM_DETAILS = { manufacturerId: 0, materialId: 0, colorId: 0 };
export const BLANK_DAMAGE = {
  damageTypeId: 0,
  specificDamageId: 0,
  damageAreaId: 0,
  noticedOn: "",
  howItHappenedId: 0,
  remedyId: 0,
  note: "",
};

const damageEntryWithoutSpecificSchema = v.object({
  ...damageEntrySchema.entries,
  specificDamageId: v.nullish(v.number()),
});

/** The damage block rules for a claim with (or without) specific-damage options. */
export function damageSchemaFor(needsSpecificDamage: boolean) {
  return needsSpecificDamage ? damageEntrySchema : damageEntryWithoutSpecificSchema;
}

/** Message code per field of a value (missing fields taken from `blank`), empty when valid. */
export function fieldErrors(schema: v.GenericSchema, value: object | undefined, blank: object): Record<string, string> {
  const defined = Object.fromEntries(
    Object.entries(value ?? {}).filter(([, field]) => field !== undefined && field !== null),
  );
  const result = v.safeParse(schema, { ...blank, ...defined });
  if (result.success) return {};
  const nested = v.flatten(result.issues).nested ?? {};
  return Object.fromEntries(Object.entries(nested).map(([field, messages]) => [field, messages?.[0] ?? "required"]));
}

/** A damage block is complete when every required field holds a valid value. */
export function isCompleteDamage(entry: Partial<DamageEntry>, needsSpecificDamage = true): entry is DamageEntry {
  return v.is(damageSchemaFor(needsSpecificDamage), entry);
}

/** Step 3 is complete when every chosen item has manufacturer, material and color. */
export function hasCompleteDetails(selection: number[], details: Record<number, Partial<ItemDetails>>): boolean {
  return selection.length > 0 && selection.every((id) => v.is(itemDetailsSchema, details[id] ?? {}));
}
