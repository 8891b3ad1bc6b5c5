/**
 * Surviving mutants judged equivalent: the mutated code behaves the same for every input a
 * consumer or the API can give, so no test can tell them apart. Keyed as docs/qa/mutation.md lists
 * a survivor, "<file> <function>: <mutator> <original code> -> <replacement>" (scripts/mutation/places.ts),
 * so a reason stays on its code when lines move; each reason is one line saying why. A survivor not
 * listed here shows in docs/qa/mutation.md as not yet killed; an entry whose code changed fails the
 * unit tests, and one no surviving mutant matches fails `npm run mutation`.
 */
export const EQUIVALENT_MUTANTS: Readonly<Record<string, string>> = {
  // isRealDate's last line: a day or month out of range rolls Date.UTC over into another month
  // and (for a month) another year, so any two of the three comparisons refuse what the third would.
  "contract/schemas.ts isRealDate: LogicalOperator date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 -> date.getUTCFullYear() === year || date.getUTCMonth() === month - 1":
    "a month out of range moves the year as well, so 'year or month right' still refuses every rolled-over date",
  "contract/schemas.ts isRealDate: ConditionalExpression date.getUTCFullYear() === year -> true":
    "the year check is redundant: every rollover that moves the year also moves the month",
  "contract/schemas.ts isRealDate: ConditionalExpression date.getUTCMonth() === month - 1 -> true":
    "the month check is redundant with the day check: a day out of range always lands on another day number",
  "contract/schemas.ts isRealDate: ConditionalExpression date.getUTCDate() === day -> true":
    "the day check is redundant with the month check: a day out of range (00, 30 Feb, 32...) always lands in another month",
  // claim-wizard.ts
  "machines/claim-wizard.ts emptyContext: BooleanLiteral true -> false":
    "contactSaved before the load is read by nothing: no step shows until the claim loads, and hydrate sets it true",
  "machines/claim-wizard.ts itemsToSave: OptionalChaining context.plan?.items -> context.plan.items":
    "items are saved only from a step, which shows only once the claim and its plan have loaded, so the plan is never null there",
  "machines/claim-wizard.ts markDamageDeletion: OptionalChaining context.damages[params.planItemId]?.[params.index]?.savedId -> context.damages[params.planItemId]?.[params.index].savedId":
    "markDamageDeletion runs only after isSavedDamageBlock found that very block with a savedId, so neither link can be missing",
  "machines/claim-wizard.ts markDamageDeletion: OptionalChaining context.damages[params.planItemId]?.[params.index] -> context.damages[params.planItemId][params.index]":
    "markDamageDeletion runs only after isSavedDamageBlock found that very block with a savedId, so neither link can be missing",
  // calendar.ts: the YYYY-MM-DD pre-checks only spare luxon's Intl start-up; luxon's fromFormat is
  // itself anchored and strict (four, two and two ASCII digits), so it refuses the same text.
  "machines/calendar.ts isRealDay: Regex /^\\d{4}-\\d{2}-\\d{2}$/ -> /\\d{4}-\\d{2}-\\d{2}$/":
    "without either anchor, luxon's strict yyyy-MM-dd parse still refuses any text around the date",
  "machines/calendar.ts isRealDay: Regex /^\\d{4}-\\d{2}-\\d{2}$/ -> /^\\d{4}-\\d{2}-\\d{2}/":
    "without either anchor, luxon's strict yyyy-MM-dd parse still refuses any text around the date",
  "machines/calendar.ts isWithinNoticeRange: ConditionalExpression !/^\\d{4}-\\d{2}-\\d{2}$/.test(iso) -> false":
    "without the pre-check, luxon's strict yyyy-MM-dd parse refuses the same text, as an invalid day",
  "machines/calendar.ts isWithinNoticeRange: Regex /^\\d{4}-\\d{2}-\\d{2}$/ -> /\\d{4}-\\d{2}-\\d{2}$/":
    "without either anchor, luxon's strict yyyy-MM-dd parse still refuses any text around the date",
  "machines/calendar.ts isWithinNoticeRange: Regex /^\\d{4}-\\d{2}-\\d{2}$/ -> /^\\d{4}-\\d{2}-\\d{2}/":
    "without either anchor, luxon's strict yyyy-MM-dd parse still refuses any text around the date",
  // calendar.ts maskDayMonthYear
  "machines/calendar.ts maskDayMonthYear: Regex /[/.\\- ]+/ -> /[/.\\- ]/":
    "a run of separators split one at a time leaves empty parts between them, which filter(Boolean) drops",
  // claim-steps.ts resolveStep: the null check is there for the type; a null request walks nothing.
  "machines/claim-steps.ts resolveStep: ConditionalExpression requested === null -> false":
    "a null request let through is not >= 3, so the walk down never starts and it ends on 2 as well",
  // plan-selection.machine.ts
  'machines/plan-selection.machine.ts isClaimablePlan: StringLiteral "UNKNOWN" -> ""':
    "with no plan chosen the stand-in type only has to be no claimable type, and '' is none either",
  "machines/wizard-steps.ts stepOf: OptionalChaining (meta as { step?: number } | undefined)?.step -> (meta as { step?: number; } | undefined).step":
    "XState's getMeta() lists only states that have a meta, so no value read there is undefined",
  "machines/claim-rules.ts fieldErrors: OptionalChaining messages?.[0] -> messages[0]":
    "valibot's flatten() creates each nested entry with its first message, so the list is never missing",
  'machines/claim-rules.ts fieldErrors: StringLiteral "required" -> ""':
    "valibot's flatten() creates each nested entry with its first message, so the fallback message is never used",
  // claim-drafts.ts
  'machines/claim-drafts.ts mergeDamages: ArrayDeclaration [] -> ["Stryker was here"] #2':
    "savedDamageBlocks(claim) has an entry for every item of that claim, so the fallback is never taken",
  'machines/claim-drafts.ts unsavedDamages: ArrayDeclaration [] -> ["Stryker was here"]':
    "a stand-in that is not a damage block is never complete, so it is filtered out like the empty list's nothing",
  'machines/claim-drafts.ts hasCompleteDamages: ArrayDeclaration [] -> ["Stryker was here"]':
    "a stand-in that is not a damage block is neither saved nor complete, so an item without blocks is incomplete either way",
  // file-upload.machine.ts
  "machines/file-upload.machine.ts nameOf: OptionalChaining context.entries.find((entry) => entry.key === key)?.fileName -> context.entries.find(entry => entry.key === key).fileName":
    "a file reports only while its row is listed (its last report removes the row), so the lookup always finds it",
  'machines/file-upload.machine.ts nameOf: StringLiteral "" -> "Stryker was here!"':
    "the fallback name is never used: a file reports only while its row is listed, so the lookup always finds a name",
  'machines/file-upload.machine.ts queuePicked: ArrayDeclaration [] -> ["Stryker was here"]':
    "picked is read only by checkFiles, and every pick overwrites it (keepPicked) before the check starts",
  "machines/file-upload.machine.ts startWaiting: ConditionalExpression starting.size === 0 -> false":
    "with no file to start, going on writes the same rows back (in a new list, one more render nobody sees) and sends no upload.start",
  // plan-search.machine.ts
  'machines/plan-search.machine.ts plansOf: ArrayDeclaration [] -> ["Stryker was here"]':
    "both states whose answers reach plansOf test isChallenge first, so plansOf never receives a challenge",
  'machines/plan-search.machine.ts storeRetryAfter: ConditionalExpression failure.kind === "rateLimited" -> true':
    "storeRetryAfter runs only after the isRateLimited guard, so the failure it reads is always rateLimited",
  // contact-service.machine.ts
  "machines/contact-service.machine.ts freshRequest: ObjectLiteral { step: 1 } -> {}":
    "only whether a fresh request has a step request is read (step 1 replaces the URL): a restart targets step 1 directly, never through routing",
  'machines/contact-service.machine.ts filled: ConditionalExpression typeof value === "string" -> true':
    "a kept draft has passed its schema (src/lib/contact-draft.ts), whose fields are all strings",
  "machines/contact-service.machine.ts requested: OptionalChaining context.stepRequest?.step -> context.stepRequest.step":
    "routing is entered only with a step request (the URL's at start, step.requested, or one kept while busy), never with null",
  "machines/contact-service.machine.ts checkStep: MethodExpression [...new Set([...context.checkedSteps, params.step])].sort() -> [...new Set([...context.checkedSteps, params.step])]":
    "the screens only ask whether a step is among checkedSteps (includes), never their order",
  // invoice-reading.machine.ts
  "machines/invoice-reading.machine.ts typeByExtension: OptionalChaining /\\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase -> /\\.([a-z0-9]+)$/i.exec(name)?.[1].toLowerCase":
    "a match of /\\.([a-z0-9]+)$/ always has its group 1",
  'machines/invoice-reading.machine.ts typeByExtension: StringLiteral "" -> "Stryker was here!" #1':
    "an unknown extension maps to a made-up type, which is not readable either",
  'machines/invoice-reading.machine.ts typeByExtension: StringLiteral "" -> "Stryker was here!" #2':
    "a name without an extension maps to a made-up type, which is not readable either",
  'machines/invoice-reading.machine.ts readInvoice: StringLiteral "Actor \'readInvoice\' was not provided" -> ""':
    "the placeholder reader's error goes to reading's onError, which reads no message",
  // outcomes.ts: CallFailed's message is for a developer's console; no screen reads it.
  'machines/outcomes.ts CallFailed: ConditionalExpression failure.kind === "refused" -> true':
    "developer-facing: the portal shows a failed call only through its failure (src/api/refusals.ts callErrorMessage maps every CallFailed), never this message",
  'machines/outcomes.ts CallFailed: ConditionalExpression failure.kind === "refused" -> false':
    "developer-facing: the portal shows a failed call only through its failure (src/api/refusals.ts callErrorMessage maps every CallFailed), never this message",
  'machines/outcomes.ts CallFailed: EqualityOperator failure.kind === "refused" -> failure.kind !== "refused"':
    "developer-facing: the portal shows a failed call only through its failure (src/api/refusals.ts callErrorMessage maps every CallFailed), never this message",
  "machines/outcomes.ts CallFailed: ConditionalExpression failure.message || `HTTP ${failure.status}` -> true":
    "developer-facing: the portal shows a failed call only through its failure (src/api/refusals.ts callErrorMessage maps every CallFailed), never this message",
  "machines/outcomes.ts CallFailed: ConditionalExpression failure.message || `HTTP ${failure.status}` -> false":
    "developer-facing: the portal shows a failed call only through its failure (src/api/refusals.ts callErrorMessage maps every CallFailed), never this message",
  'machines/outcomes.ts CallFailed: StringLiteral "refused" -> ""':
    "developer-facing: the portal shows a failed call only through its failure (src/api/refusals.ts callErrorMessage maps every CallFailed), never this message",
  'machines/outcomes.ts CallFailed: StringLiteral "CallFailed" -> ""':
    "developer-facing: the portal shows a failed call only through its failure (src/api/refusals.ts callErrorMessage maps every CallFailed), never this message",
  "machines/outcomes.ts CallFailed: LogicalOperator failure.message || `HTTP ${failure.status}` -> failure.message && `HTTP ${failure.status}`":
    "developer-facing: the portal shows a failed call only through its failure (src/api/refusals.ts callErrorMessage maps every CallFailed), never this message",
  "machines/outcomes.ts CallFailed: StringLiteral `HTTP ${failure.status}` -> ``":
    "developer-facing: the portal shows a failed call only through its failure (src/api/refusals.ts callErrorMessage maps every CallFailed), never this message",
  // finish-later.machine.ts NoEmailOnFile: its name and message are for a developer's console.
  'machines/finish-later.machine.ts NoEmailOnFile: StringLiteral "No email on file" -> ""':
    "developer-facing: the machine tells this refusal by its class (isNoEmailOnFile), and the dialog shows its own catalog text, never this",
  'machines/finish-later.machine.ts NoEmailOnFile: StringLiteral "NoEmailOnFile" -> ""':
    "developer-facing: the machine tells this refusal by its class (isNoEmailOnFile), and the dialog shows its own catalog text, never this",
};
