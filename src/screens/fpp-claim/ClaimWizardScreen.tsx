/**
 * The FPP claim wizard, route create-claim (SPEC.md section 2 "Claim wizard (FPP)"): steps 2 to 5
 * and the claim submitted screen. The fppClaim machine owns the flow; the URL mirrors its step.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate } from "@tanstack/react-router";
import { useActorRef, useSelector } from "@xstate/react";
import { useMemo, useState } from "react";
import type { ClaimDraftContext, DamageOptions } from "../../../machines/claim-drafts.ts";
import { FPP_STEPS } from "../../../machines/fpp-claim-steps.ts";
import { fppClaimMachine, type FppClaimContext } from "../../../machines/fpp-claim.machine.ts";
import { ClaimNotFound } from "../errors/ClaimNotFound.tsx";
import { ClaimSubmitted } from "../claim-wizard/ClaimSubmitted.tsx";
import { DamageStep } from "../claim-wizard/DamageStep.tsx";
import { DraftActorContext, type DraftActor } from "../claim-wizard/draft-actor.ts";
import { ItemDetailsStep } from "../claim-wizard/ItemDetailsStep.tsx";
import { ReviewStep } from "../claim-wizard/ReviewStep.tsx";
import { SelectItemsStep } from "../claim-wizard/SelectItemsStep.tsx";
import { useClaimNotices } from "../claim-wizard/use-claim-notices.ts";
import { toRequestedStep, useStepSync } from "../claim-wizard/use-step-sync.ts";
import { WizardFrame } from "../claim-wizard/WizardFrame.tsx";
import { claimActors } from "./claim-actors.ts";

export interface ClaimWizardSearch {
  step?: number | string;
  claimId: number;
  warranty_id: number;
}

/** FPP damage options are the same for every item; damage areas come with the claim. */
function fppDamageOptions(context: ClaimDraftContext): DamageOptions {
  const { options, claim } = context as FppClaimContext;
  return {
    damageTypes: options?.damageTypes ?? [],
    specificDamages: options?.specificDamages ?? [],
    damageAreas: claim?.damageAreas ?? [],
    howItHappened: options?.howItHappened ?? [],
    remedies: options?.remedies ?? [],
  };
}

export function ClaimWizardScreen({ search }: { search: ClaimWizardSearch }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [logic] = useState(() =>
    fppClaimMachine.provide({
      actors: claimActors,
      actions: {
        leaveToSelectPlan: (_, { claimId, planId }) => void navigate({ to: "/find-claim/select-plan", search: { warranty_id: planId, claimId } }),
        goHome: () => void navigate({ to: "/" }),
      },
    }),
  );
  const actor = useActorRef(logic, { input: { claimId: search.claimId, planId: search.warranty_id, requestedStep: toRequestedStep(search.step) } });
  useClaimNotices(actor);
  const draftActor = useMemo<DraftActor>(() => ({ ref: actor, send: (event) => actor.send(event), family: "fpp", damageOptionsFor: fppDamageOptions }), [actor]);

  const step = useStepSync(actor, search.step);
  const notFound = useSelector(actor, (snapshot) => snapshot.matches("claimNotFound"));
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag("busy"));
  // The machine's own guards decide: on step 4 Next is always taken (it then shows what is missing).
  const canGoNext = useSelector(actor, (snapshot) => snapshot.can({ type: "step.next" }) || snapshot.can({ type: "claim.submit" }));

  if (notFound) return <ClaimNotFound />;
  if (step === null) {
    return (
      <p role="status" className="loading">
        <Trans>Loading your claim…</Trans>
      </p>
    );
  }
  if (step === 6) return <ClaimSubmitted claimId={search.claimId} onHome={() => actor.send({ type: "claim.close" })} />;

  const titles: Record<number, string> = {
    2: t`Select damaged items under your plan`,
    3: t`Confirm/Update Item Details`,
    4: t`Report your damage`,
    5: t`Review claim details`,
  };
  return (
    <DraftActorContext.Provider value={draftActor}>
      <WizardFrame
        steps={FPP_STEPS}
        step={step}
        title={titles[step]!}
        canGoNext={canGoNext}
        busy={busy}
        isReview={step === 5}
        onBack={() => actor.send({ type: "step.back" })}
        onNext={() => actor.send(step === 5 ? { type: "claim.submit" } : { type: "step.next" })}
      >
        {step === 2 && <SelectItemsStep canAddMissingItem />}
        {step === 3 && <ItemDetailsStep />}
        {step === 4 && <DamageStep />}
        {step === 5 && <ReviewStep />}
      </WizardFrame>
    </DraftActorContext.Provider>
  );
}
