/**
 * The names a claim wizard shows that the API gives in the request's language (SPEC.md section 9):
 * the option lists, ACE's lists per model number, the plan's items (type, manufacturer, material,
 * color) and the claim's damage areas. The machine keeps the records it loaded; after a language
 * switch the screens read them with these names, loaded again in the language on screen, laid
 * over (ClaimWizard, draft-actor.ts useDraft). Ids stay the machine's: only words change; of the
 * plan, only its items' names (plan-item-names.ts), the rest being the machine's own.
 */
import type { ClaimWizardContext, LoadedClaim } from "../../../machines/claim-wizard.ts";
import type { AceOptions, ClaimOptions, Lookup, ModelOptions, Plan } from "../../../machines/domain.ts";
import { withItemNames } from "../shared/plan-item-names.ts";

/** What of a loaded claim is words in a language. */
export interface ClaimNames {
  plan: Plan;
  options: ClaimOptions | AceOptions;
  modelOptions: Record<number, ModelOptions>;
  damageAreas: Lookup[];
}

/** The names of a claim loaded in one language (claim-loads.ts). */
export function namesOf(loaded: LoadedClaim): ClaimNames {
  return {
    plan: loaded.plan,
    options: loaded.options,
    modelOptions: loaded.modelOptions ?? {},
    damageAreas: loaded.claim.damageAreas,
  };
}

/** Each list of `fresh`, except one that came back empty (its call failed): `kept`'s then, words in the last language rather than no choices. */
function filledLists<Lists extends object>(fresh: Lists, kept: Lists | null | undefined): Lists {
  const lists = { ...fresh };
  for (const key of Object.keys(fresh) as (keyof Lists)[]) {
    const list = fresh[key] as Lookup[];
    if (list.length === 0 && kept) lists[key] = kept[key];
  }
  return lists;
}

function relabel(context: ClaimWizardContext, names: ClaimNames): ClaimWizardContext {
  const modelOptions = Object.fromEntries(
    Object.entries(names.modelOptions).map(([itemId, lists]) => [
      itemId,
      filledLists(lists, context.modelOptions[Number(itemId)]),
    ]),
  );
  return {
    ...context,
    plan: context.plan && withItemNames(context.plan, names.plan),
    options: filledLists(names.options, context.options as typeof names.options | null),
    modelOptions,
    claim: context.claim && {
      ...context.claim,
      damageAreas: names.damageAreas.length ? names.damageAreas : context.claim.damageAreas,
    },
  };
}

/** Per names, per context: the same context gives the same object, so selectors see no change where there is none. */
const relabelled = new WeakMap<ClaimNames, WeakMap<ClaimWizardContext, ClaimWizardContext>>();

/**
 * The wizard's context as the screens show it: with `names` (loaded in the language on screen) laid
 * over its own, or as it is when there are none. Memoized per context object.
 */
export function inShownLanguage(context: ClaimWizardContext, names: ClaimNames | null): ClaimWizardContext {
  if (!names || !context.claim) return context;
  let byContext = relabelled.get(names);
  if (!byContext) relabelled.set(names, (byContext = new WeakMap()));
  let shown = byContext.get(context);
  if (!shown) byContext.set(context, (shown = relabel(context, names)));
  return shown;
}
