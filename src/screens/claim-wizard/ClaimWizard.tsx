/**
 * The claim wizard screen of both families (SPEC.md section 2 "Claim wizard (FPP)", route
 * create-claim, and "Claim wizard (ACE)", route create-ace-claim), driven by the family's row of
 * the table in claim-families.tsx, which its route gives. The family's machine owns the flow; the
 * URL mirrors its step one way each (DESIGN.md "URL and machine"): the machine announces a step
 * through `showStep`, and a URL change from outside (back, forward, a pasted link) is sent to it
 * as `step.requested`.
 */
import { useLingui } from "@lingui/react";
import { Trans } from "@lingui/react/macro";
import { useHydrated, useRouter } from "@tanstack/react-router";
import { useActorRef, useSelector } from "@xstate/react";
import { Suspense, useDeferredValue, useMemo, useState } from "react";
import type { ActorRefFrom } from "xstate";
import { CLAIM_STEPS } from "../../../machines/claim-steps.ts";
import { stepOf, type LoadedClaim } from "../../../machines/claim-wizard.ts";
import { waitOf } from "../../../machines/wizard-steps.ts";
import type { KeptDraft } from "../../../machines/claim-drafts.ts";
import type { fppClaimMachine } from "../../../machines/fpp-claim.machine.ts";
import { ClaimNotFound } from "../shared/ClaimNotFound.tsx";
import { claimActorsFor } from "./claim-actors.ts";
import type { StartedLoad } from "./claim-loads.ts";
import type { ClaimFamilyTable } from "./claim-families.tsx";
import { FinishLaterOffer } from "./finish-later/FinishLaterOffer.tsx";
import { DraftActorContext, type DraftActor } from "./draft-actor.ts";
import { ClaimSubmitted, preloadStepScreen } from "./step-screens.tsx";
import { useClaimNotices } from "./use-claim-notices.ts";
import { useKeptDraft } from "./use-kept-draft.ts";
import { namesOf } from "./names-in-language.ts";
import { loadKeptDraft } from "../../lib/kept-draft.ts";
import { showStepInUrl, useStepRequests } from "../../ui/wizard-url.ts";
import { PageLoading } from "../../ui/PageLoading.tsx";
import { WizardFrame } from "../../ui/WizardFrame.tsx";
import { useInShownLanguage } from "../../ui/use-in-shown-language.ts";
import { inspect } from "../../inspect.ts";

export interface ClaimWizardProps {
  /** The family's row: FPP_CLAIM (fpp-claim-family.tsx) or ACE_CLAIM (ace-claim-family.tsx). */
  table: ClaimFamilyTable;
  claimId: number;
  planId: number;
  /** ACE: `cust_id` of the URL; FPP: null. */
  customerId: number | null;
  /** `step` of the URL as parsed once by the route: a number, or null when missing or not one. */
  step: number | null;
  /** The claim's load the route started (claim-loads.ts), taken by the machine's first `loadClaim`. */
  startedLoad?: StartedLoad | null;
  /** The claim already loaded, when the server rendered the page with it: the wizard starts at its step. */
  loaded?: LoadedClaim | null;
}

export function ClaimWizard(props: ClaimWizardProps) {
  const [keptDraft] = useState(() => loadKeptDraft(props.table.family, props.claimId));
  if (props.loaded && keptDraft) return <KeptDraftAfterHydration {...props} keptDraft={keptDraft} />;
  return <WizardOfClaim {...props} keptDraft={keptDraft} keepsDraft />;
}

/**
 * A wizard the server rendered with its claim, on a device that kept input for it: the server
 * rendered it without that input (the browser alone holds it), so the page is hydrated as it came,
 * keeping nothing meanwhile (the copy is not overwritten by the claim as the server holds it); once
 * hydrated, the wizard starts again from the same claim with the input laid over. This is the one
 * case where something around the step renders again before the step has hydrated (React then
 * draws the step anew); without kept input nothing does, and the step is hydrated in place.
 */
function KeptDraftAfterHydration(props: ClaimWizardProps & { keptDraft: KeptDraft }) {
  const hydrated = useHydrated();
  return hydrated ? (
    <WizardOfClaim key="with-kept-draft" {...props} keepsDraft />
  ) : (
    <WizardOfClaim key="as-rendered" {...props} keptDraft={null} keepsDraft={false} />
  );
}

function WizardOfClaim({
  table,
  claimId,
  planId,
  customerId,
  step: urlStep,
  startedLoad,
  loaded,
  keptDraft,
  keepsDraft,
}: ClaimWizardProps & { keptDraft: KeptDraft | null; keepsDraft: boolean }) {
  const { i18n } = useLingui();
  const router = useRouter();
  const { family } = table;
  const [logic] = useState(() =>
    (table.machine as typeof fppClaimMachine).provide({
      actors: claimActorsFor(family, {
        ...table.api,
        load: (input) => startedLoad?.take(input) ?? table.api.load(input),
      }),
      actions: {
        showStep: (_, { step, replace }) => showStepInUrl(router, table.route, step, replace),
        leaveToSelectPlan: (_, params) =>
          void router.navigate({
            to: "/find-claim/select-plan",
            search: { warranty_id: params.planId, claimId: params.claimId },
          }),
        goHome: () => void router.navigate({ to: "/" }),
      },
    }),
  );
  // The step the URL names starts loading its screen now, beside the claim (claim-families.tsx).
  useState(() => preloadStepScreen(family, urlStep));
  const actor: ActorRefFrom<typeof fppClaimMachine> = useActorRef(logic, {
    input: { claimId, planId, customerId, requestedStep: urlStep, keptDraft, loaded },
    inspect,
  });
  useClaimNotices(actor);
  useKeptDraft(actor, family, claimId, keepsDraft);
  // After a language switch the screens show the server's names in the new language (the machine
  // keeps its records): the claim is loaded again, once per language.
  const [loadNames] = useState(() => async () => namesOf(await table.api.load({ claimId, planId, customerId })));
  const names = useInShownLanguage(loadNames);
  const draftActor = useMemo<DraftActor>(
    () => ({ ref: actor, send: (event) => actor.send(event), family, damageOptionsFor: table.damageOptionsFor, names }),
    [actor, family, table, names],
  );

  const step = useSelector(actor, stepOf);
  useStepRequests(actor, urlStep, step);
  // The first step shown renders as a transition, so React yields to the phone between pieces of
  // it rather than one long task; until then the loading line stays. Later steps show
  // at once: only this null is deferred.
  const revealed = useDeferredValue(step) !== null;

  const notFound = useSelector(actor, (snapshot) => snapshot.matches("claimNotFound"));
  const editing = useSelector(actor, (snapshot) => !snapshot.context.contactSaved);
  const wait = useSelector(actor, waitOf);
  // The machine's own guards decide: on step 4 Next is always taken (it then shows what is missing).
  const canGoNext = useSelector(
    actor,
    (snapshot) => snapshot.can({ type: "step.next" }) || snapshot.can({ type: "claim.submit" }),
  );

  if (notFound) return <ClaimNotFound />;
  // The submitted screen is fetched on Submit's press (preloadStepScreen), beside the submit call.
  if (step === 6)
    return (
      <Suspense fallback={<PageLoading />}>
        <ClaimSubmitted family={family} claimId={claimId} onHome={() => actor.send({ type: "claim.close" })} />
      </Suspense>
    );
  // Loading, or handing over to the plan choice (step 1): the loading line.
  const shown = step === null || step === 1 || !revealed ? null : step;
  const view = shown === null ? null : table.steps[shown as 2 | 3 | 4 | 5];
  return (
    <DraftActorContext.Provider value={draftActor}>
      {/* Around the frame, so it mounts (and focuses) with its step's body in place. The boundary
          is there from the first render on: when the first step's reveal (a transition) waits for
          the step's code, the loading line simply stays. A boundary new with the step would show
          that line again as its fallback, and React then holds the step back up to 300 ms after
          it (its fallback throttle) even when the code comes a moment later. */}
      <Suspense fallback={<LoadingClaim />}>
        {shown === null || !view ? (
          <LoadingClaim />
        ) : (
          <WizardFrame
            steps={CLAIM_STEPS}
            step={shown}
            title={i18n._(editing && view.editingTitle ? view.editingTitle : view.title)}
            canGoNext={canGoNext}
            wait={wait}
            onCancel={() => actor.send({ type: "call.cancel" })}
            isReview={shown === 5}
            onBack={() => {
              preloadStepScreen(family, shown - 1);
              actor.send({ type: "step.back" });
            }}
            onNext={() => {
              // The next step's screen loads while the machine saves this one.
              preloadStepScreen(family, shown + 1);
              actor.send(shown === 5 ? { type: "claim.submit" } : { type: "step.next" });
            }}
          >
            {view.body()}
            <FinishLaterOffer wizard={actor} claimId={claimId} step={shown} />
          </WizardFrame>
        )}
      </Suspense>
    </DraftActorContext.Provider>
  );
}

function LoadingClaim() {
  return (
    <p role="status" className="loading">
      <Trans>Loading your claim…</Trans>
    </p>
  );
}
