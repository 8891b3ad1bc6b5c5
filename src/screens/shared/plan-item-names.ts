/**
 * A plan's item names in another language (SPEC.md section 9): the API gives each item's type,
 * manufacturer, material and color in the request's language; everything else of a plan (ids,
 * prices, quantities, status, the items a claim added) is the same in any language, and the copy a
 * screen already holds stays the one it acts on.
 */
import type { Plan, PlanItem } from "../../../machines/domain.ts";

/** The fields of a plan item that are words in a language. */
const NAME_FIELDS = ["type", "manufacturer", "material", "color"] as const satisfies readonly (keyof PlanItem)[];

function itemWithNames(item: PlanItem, named: PlanItem | undefined): PlanItem {
  if (!named) return item;
  const names = Object.fromEntries(NAME_FIELDS.map((field) => [field, named[field] ?? item[field]]));
  return { ...item, ...names };
}

/**
 * `plan` with each item's names taken from the item of the same id in `named` (the same plan
 * loaded in another language); an item `named` lacks, or a name it has none of, keeps `plan`'s
 * words. Everything else is `plan`'s. `plan` itself when `named` is null.
 */
export function withItemNames(plan: Plan, named: Plan | null | undefined): Plan {
  if (!named) return plan;
  const byId = new Map(named.items.map((item) => [item.id, item]));
  return { ...plan, items: plan.items.map((item) => itemWithNames(item, byId.get(item.id))) };
}

/** Each plan of `plans` with the item names of the plan of the same id in `named`; `plans` itself when `named` is null. */
export function withItemNamesOfEach(plans: Plan[], named: Plan[] | null): Plan[] {
  if (!named) return plans;
  const byId = new Map(named.map((plan) => [plan.id, plan]));
  return plans.map((plan) => withItemNames(plan, byId.get(plan.id)));
}
