/**
 * The claim wizard screen of both families (SPEC.md section 2 "Claim wizard (FPP)", route
 * create-claim, and "Claim wizard (ACE)", route create-ace-claim), driven by the table in
 * claim-families.tsx. The family's machine owns the flow; the URL mirrors its step one way each
 * (DESIGN.md "URL and machine"): the machine announces a step through `showStep`, and a URL change
 * from outside (back, forward, a pasted link) is sent to it as `step.requested`.
 */
import { useLingui } from "@lingui/react";
import { Trans } from "@lingui/react/macro";
import { useRouter } from "@tanstack/react-router";
import { useActorRef, useSelector } from "@xstate/react";
import { useMemo, useState } from "react";
import type { ActorRefFrom } from "xstate";
import { CLAIM_STEPS, type ClaimFamily } from "../../../machines/claim-steps.ts";
import { stepOf } from "../../../machines/claim-wizard.ts";
import type { fppClaimMachine } from "../../../machines/fpp-claim.machine.ts";
import { ClaimNotFound } from "../errors/ClaimNotFound.tsx";
import { claimActorsFor } from "./claim-actors.ts";
import { CLAIM_FAMILIES } from "./claim-families.tsx";
import { ClaimSubmitted } from "./ClaimSubmitted.tsx";
import { DraftActorContext, type DraftActor } from "./draft-actor.ts";
import { useClaimNotices } from "./use-claim-notices.ts";
import { useKeptDraft } from "./use-kept-draft.ts";
import { loadKeptDraft } from "../../lib/kept-draft.ts";
import { showStepInUrl, useStepRequests } from "../../ui/wizard-url.ts";
import { WizardFrame } from "../../ui/WizardFrame.tsx";
import { inspect } from "../../inspect.ts";

export interface ClaimWizardProps {
  family: ClaimFamily;
  claimId: number;
  planId: number;
  /** ACE: `cust_id` of the URL; FPP: null. */
  customerId: number | null;
  /** `step` of the URL as parsed once by the route: a number, or null when missing or not one. */
  step: number | null;
}

export function ClaimWizard({ family, claimId, planId, customerId, step: urlStep }: ClaimWizardProps) {
  const { i18n } = useLingui();
  const router = useRouter();
  const table = CLAIM_FAMILIES[family];
  const [logic] = useState(() =>
    (table.machine as typeof fppClaimMachine).provide({
      actors: claimActorsFor(family),
      actions: {
        showStep: (_, { step, replace }) => showStepInUrl(router, table.route, step, replace),
        leaveToSelectPlan: (_, params) => void router.navigate({ to: "/find-claim/select-plan", search: { warranty_id: params.planId, claimId: params.claimId } }),
        goHome: () => void router.navigate({ to: "/" }),
      },
    }),
  );
  const [keptDraft] = useState(() => loadKeptDraft(family, claimId));
  const actor: ActorRefFrom<typeof fppClaimMachine> = useActorRef(logic, {
    input: { claimId, planId, customerId, requestedStep: urlStep, keptDraft },
    inspect,
  });
  useClaimNotices(actor);
  useKeptDraft(actor, family, claimId);
  const draftActor = useMemo<DraftActor>(() => ({ ref: actor, send: (event) => actor.send(event), family, damageOptionsFor: table.damageOptionsFor }), [actor, family, table]);

  const step = useSelector(actor, stepOf);
  useStepRequests(actor, urlStep, step);

  const notFound = useSelector(actor, (snapshot) => snapshot.matches("claimNotFound"));
  const editing = useSelector(actor, (snapshot) => !snapshot.context.contactSaved);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag("busy"));
  // The machine's own guards decide: on step 4 Next is always taken (it then shows what is missing).
  const canGoNext = useSelector(actor, (snapshot) => snapshot.can({ type: "step.next" }) || snapshot.can({ type: "claim.submit" }));

  if (notFound) return <ClaimNotFound />;
  if (step === 6) return <ClaimSubmitted family={family} claimId={claimId} onHome={() => actor.send({ type: "claim.close" })} />;
  // Loading, or handing over to the plan choice (step 1).
  if (step === null || step === 1) {
    return (
      <p role="status" className="loading">
        <Trans>Loading your claim…</Trans>
      </p>
    );
  }

  const view = table.steps[step as 2 | 3 | 4 | 5];
  return (
    <DraftActorContext.Provider value={draftActor}>
      <WizardFrame
        steps={CLAIM_STEPS}
        step={step}
        title={i18n._(editing && view.editingTitle ? view.editingTitle : view.title)}
        canGoNext={canGoNext}
        busy={busy}
        isReview={step === 5}
        onBack={() => actor.send({ type: "step.back" })}
        onNext={() => actor.send(step === 5 ? { type: "claim.submit" } : { type: "step.next" })}
      >
        {view.body()}
      </WizardFrame>
    </DraftActorContext.Provider>
  );
}
